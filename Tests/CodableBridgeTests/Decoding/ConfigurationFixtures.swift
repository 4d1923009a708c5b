import Foundation

// `DecodableWithConfiguration` / `EncodableWithConfiguration` fixtures: a score whose stored
// value is scaled by the configuration on the way in and out.

/// `{"points": 3, "label": "a"}` with configuration 100 decodes as `points == 300`; encoding
/// divides again.
struct ScaledScore: DecodableWithConfiguration, EncodableWithConfiguration, Equatable, Sendable {
    var points: Int
    var label: String
    var bonus: ScaledBonus?

    enum CodingKeys: String, CodingKey { case points, label, bonus }

    init(points: Int, label: String, bonus: ScaledBonus? = nil) {
        self.points = points
        self.label = label
        self.bonus = bonus
    }

    init(from decoder: any Decoder, configuration: Int) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        points = try container.decode(Int.self, forKey: .points) * configuration
        label = try container.decode(String.self, forKey: .label)
        bonus = try container.decodeIfPresent(ScaledBonus.self, forKey: .bonus, configuration: configuration)
    }

    func encode(to encoder: any Encoder, configuration: Int) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(points / configuration, forKey: .points)
        try container.encode(label, forKey: .label)
        try container.encodeIfPresent(bonus, forKey: .bonus, configuration: configuration)
    }
}

/// A nested configured value, decoded through `decode(_:forKey:configuration:)`.
struct ScaledBonus: DecodableWithConfiguration, EncodableWithConfiguration, Equatable, Sendable {
    var points: Int

    init(points: Int) { self.points = points }

    init(from decoder: any Decoder, configuration: Int) throws {
        points = try decoder.singleValueContainer().decode(Int.self) * configuration
    }

    func encode(to encoder: any Encoder, configuration: Int) throws {
        var container = encoder.singleValueContainer()
        try container.encode(points / configuration)
    }
}

/// The configuration 100, as a type.
enum PercentScale: DecodingConfigurationProviding, EncodingConfigurationProviding {
    static let decodingConfiguration = 100
    static let encodingConfiguration = 100
}
