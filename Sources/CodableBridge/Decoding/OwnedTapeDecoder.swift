extension DecoderImpl {
    /// A decoder whose tape pointers outlive the call: it owns copies of the tape's buffers.
    static func ownedTapeDecoder(_ tape: JSONTape, options: BridgeDecoder, report: ReportCollector?, path: [PathComponent]) -> DecoderImpl {
        let nodes = UnsafeMutableBufferPointer<JSONTape.Node>.allocate(capacity: tape.nodes.count)
        _ = nodes.initialize(from: tape.nodes)
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: tape.bytes.count)
        _ = bytes.initialize(from: tape.bytes)
        let impl = DecoderImpl(tape: tape, nodes: UnsafeBufferPointer(nodes), bytes: UnsafeBufferPointer(bytes),
                               options: options, report: report, path: path)
        impl.ownedBuffers = OwnedBuffers(nodes: nodes, bytes: bytes)
        return impl
    }
}

/// Buffers a decoder owns and frees with itself.
final class OwnedBuffers {
    let nodes: UnsafeMutableBufferPointer<JSONTape.Node>
    let bytes: UnsafeMutableBufferPointer<UInt8>

    init(nodes: UnsafeMutableBufferPointer<JSONTape.Node>, bytes: UnsafeMutableBufferPointer<UInt8>) {
        self.nodes = nodes
        self.bytes = bytes
    }

    deinit {
        nodes.deallocate()
        bytes.deallocate()
    }
}
