extension JSONTape {
    /// Parses some elements of a top-level array in place: the tape of an array whose elements
    /// are the values in `text[elements]`, which holds values separated by commas, the last
    /// ending at `elements.upperBound`; `nil` when it does not (the text between is not such a
    /// list, or a value runs past the end). Decoding on several cores parses each part of a
    /// large array this way, on its own thread (Decoding/BridgeDecoder+Parallel.swift).
    ///
    /// The tape's offsets count from the start of `text`, which it borrows from `owner`:
    /// `text` must be the whole document, ending with its array's `]`, and stay valid and
    /// unchanged while `owner` lives. The parser reads no further than a parse of the whole
    /// document would, and a value that ran past the part's end is an error, not a value.
    ///
    /// - Parameters:
    ///   - text: The whole document, ending with the array's `]`.
    ///   - elements: The part: from the first byte after a `[` or `,` of the array to the last
    ///     byte of a value (whitespace trimmed), which a `,` or the `]` follows.
    ///   - owner: The storage `text` points into.
    ///   - maxDepth: The deepest nesting accepted (the array counts as one level).
    ///   - rules: The limits and the duplicate-key rule.
    package static func parsingElements(of text: UnsafeRawBufferPointer, in elements: Range<Int>, borrowingFrom owner: Any,
                                        maxDepth: Int, rules: ParseRules) -> JSONTape? {
        guard let base = text.baseAddress?.assumingMemoryBound(to: UInt8.self), text.count < Int(UInt32.max),
              elements.lowerBound > 0, elements.lowerBound < elements.upperBound, elements.upperBound < text.count,
              text[text.count - 1] == UInt8(ascii: "]")
        else { return nil }
        var parser = JSONParser(base, count: elements.upperBound, readable: text.count, maxDepth: maxDepth, rules: rules,
                                output: TapeOutput(textCount: elements.count))
        parser.endsArrayAtCount = true
        do {
            // The array's node sits at the `[` or `,` before the part.
            try parser.open(.array, at: elements.lowerBound - 1)
            try parser.parseValue(from: parser.skipWhitespace(elements.lowerBound))
        } catch {
            return nil
        }
        let nodes = parser.output.nodes.takeAll()
        let unescaped = parser.unescaped.takeAll()
        return JSONTape(text: UnsafeBufferPointer(start: base, count: text.count),
                        storage: Storage(nodes: nodes, owner: owner, ownedText: nil,
                                         unescaped: unescaped.baseAddress == nil ? nil : unescaped))
    }
}
