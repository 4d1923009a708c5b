import Foundation

extension DecoderImpl {
    /// Decodes one element of a streamed array, parsed on its own into `tape`, as an array decode
    /// decodes its element `index` (``decodeElement(_:node:key:elementType:store:)``): the same
    /// rule drops it under lenient policies, and its coding path is `arrayPath` and the index
    /// (`data.items[3].id`).
    ///
    /// - Returns: The value, or `nil` when the element was dropped (and reported).
    static func decodeStreamedElement<T: Decodable>(_ type: T.Type, tape: JSONTape, options: BridgeDecoder, report: ReportCollector?,
                                                    arrayPath: [PathComponent], index: Int) throws -> T?
    {
        let impl = DecoderImpl(tape: tape, options: options, report: report, path: arrayPath)
        impl.reusesContainers = true
        defer {
            impl.endReuse()
            report?.close()
        }
        var value: T?
        try impl.decodeElement(T.self, node: 0, key: .index(index), elementType: nil) { decoded in value = consume decoded }
        return value
    }
}
