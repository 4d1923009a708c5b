// Strict `Codable` mirror of canada.json: a GeoJSON `FeatureCollection` holding the outline of
// Canada — almost entirely floating-point numbers in `[[[Double]]]` (polygons → rings → points).

package struct CanadaFeatureCollection: Codable, Hashable, Sendable {
    package var type: String
    package var features: [Feature]
}

extension CanadaFeatureCollection {
    package struct Feature: Codable, Hashable, Sendable {
        package var type: String
        package var properties: Properties
        package var geometry: Geometry
    }

    package struct Properties: Codable, Hashable, Sendable {
        package var name: String
    }

    package struct Geometry: Codable, Hashable, Sendable {
        package var type: String
        /// Polygons → rings → `[longitude, latitude]`.
        package var coordinates: [[[Double]]]
    }
}
