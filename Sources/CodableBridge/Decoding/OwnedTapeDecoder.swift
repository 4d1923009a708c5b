extension DecoderImpl {
    /// A decoder whose tape pointers outlive the call: it owns a copy of the tape's nodes (the
    /// text and unescaped strings stay valid as long as the tape, which the decoder keeps).
    static func ownedTapeDecoder(_ tape: JSONTape, options: BridgeDecoder, report: ReportCollector?, path: [PathComponent]) -> DecoderImpl {
        let nodes = UnsafeMutableBufferPointer<JSONTape.Node>.allocateWithMalloc(capacity: tape.nodes.count)
        _ = nodes.initialize(from: tape.nodes)
        let impl = DecoderImpl(tape: tape, nodes: UnsafeBufferPointer(nodes), options: options, report: report, path: path)
        impl.ownedBuffers = OwnedBuffers(nodes: nodes)
        return impl
    }
}

/// Buffers a decoder owns and frees with itself.
final class OwnedBuffers {
    let nodes: UnsafeMutableBufferPointer<JSONTape.Node>

    init(nodes: UnsafeMutableBufferPointer<JSONTape.Node>) {
        self.nodes = nodes
    }

    deinit {
        nodes.deallocateWithFree()
    }
}
