/// A coding key made at run time: an object member name or an array index.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package let stringValue: String
    package let intValue: Int?

    package init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    package init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    /// A copy with another string spelling (for `Int` dictionary keys: `"7"` with intValue 7).
    package func with(stringValue: String) -> AnyCodingKey {
        AnyCodingKey(stringValue: stringValue, intValue: intValue, unchecked: ())
    }

    private init(stringValue: String, intValue: Int?, unchecked: Void) {
        self.stringValue = stringValue
        self.intValue = intValue
    }

    package init(_ key: some CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }

    package init?(stringValue: String) { self.init(stringValue) }

    package init?(intValue: Int) { self.init(index: intValue) }

    /// The key used by `superDecoder()` / `superEncoder()`.
    package static let `super` = AnyCodingKey("super")
}
