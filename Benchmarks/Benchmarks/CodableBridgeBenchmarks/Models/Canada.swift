// Strict `Codable` mirror of canada.json: a GeoJSON `FeatureCollection` holding the outline of
// Canada — almost entirely floating-point numbers in `[[[Double]]]` (polygons → rings → points).

struct CanadaFeatureCollection: Codable, Hashable, Sendable {
    var type: String
    var features: [Feature]
}

extension CanadaFeatureCollection {
    struct Feature: Codable, Hashable, Sendable {
        var type: String
        var properties: Properties
        var geometry: Geometry
    }

    struct Properties: Codable, Hashable, Sendable {
        var name: String
    }

    struct Geometry: Codable, Hashable, Sendable {
        var type: String
        /// Polygons → rings → `[longitude, latitude]`.
        var coordinates: [[[Double]]]
    }
}
