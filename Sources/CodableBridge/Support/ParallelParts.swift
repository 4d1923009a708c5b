import Dispatch

/// Work done in parts on several threads: decoding on several cores
/// (Decoding/BridgeDecoder+Parallel.swift, Streaming/JSONLines.swift).
enum ParallelParts {
    /// Runs `body` for each of `count` parts, on up to `count` threads (the calling one among
    /// them), and returns the results in part order.
    static func map<R>(_ count: Int, _ body: (Int) -> R) -> [R] {
        [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            withoutActuallyEscaping(body) { body in
                // Each part writes its own slot, and `concurrentPerform` returns after every part.
                let shared = Shared(body: body, results: buffer)
                DispatchQueue.concurrentPerform(iterations: count) { part in
                    shared.results.baseAddress.map { ($0 + part).initialize(to: shared.body(part)) }
                }
            }
            initialized = count
        }
    }

    /// What the threads of ``map(_:_:)`` share: the work, and the results, of which each part
    /// writes only its own.
    private struct Shared<R>: @unchecked Sendable {
        let body: (Int) -> R
        let results: UnsafeMutableBufferPointer<R>
    }
}

/// The slots of one array's storage that a part of the work fills, from the first: a part
/// writes its elements where they will stay, and no thread touches another part's slots.
struct PartSlots<Element> {
    let base: UnsafeMutablePointer<Element>
    let capacity: Int
    /// The number of slots written.
    let initialized: UnsafeMutablePointer<Int>

    /// Writes `element` into the next slot; `false` (and `element` is dropped) when every slot
    /// is taken.
    @discardableResult
    func append(_ element: consuming Element) -> Bool {
        guard initialized.pointee < capacity else { return false }
        (base + initialized.pointee).initialize(to: element)
        initialized.pointee += 1
        return true
    }
}

extension Array {
    /// An array whose elements `fill` writes, part by part on several threads: part `k` has
    /// `capacities[k]` slots and may fill fewer. The parts' elements then move together, in
    /// order (no copy, no retain). A part whose `fill` returns an error ends the array: the
    /// elements it wrote are kept, the later parts' are released, and that part and its error
    /// are returned with it.
    static func filledInParts(capacities: [Int], _ fill: (_ part: Int, _ slots: PartSlots<Element>) -> (any Error)?)
        -> (array: [Element], failure: (part: Int, error: any Error)?)
    {
        var offsets: [Int] = []
        var total = 0
        for capacity in capacities {
            offsets.append(total)
            total += capacity
        }
        // Each part counts its elements as it writes them, one count per 64-byte line: counts
        // side by side would make the threads invalidate each other's cache line at every element.
        let stride = 64 / MemoryLayout<Int>.stride
        let initialized = UnsafeMutablePointer<Int>.allocate(capacity: capacities.count * stride)
        initialized.initialize(repeating: 0, count: capacities.count * stride)
        defer { initialized.deallocate() }
        var failure: (part: Int, error: any Error)?
        let array = [Element](unsafeUninitializedCapacity: total) { buffer, count in
            let base = buffer.baseAddress ?? UnsafeMutablePointer<Element>.allocate(capacity: 0)
            defer { if buffer.baseAddress == nil { base.deallocate() } }
            let errors = ParallelParts.map(capacities.count) { part in
                fill(part, PartSlots(base: base + offsets[part], capacity: capacities[part], initialized: initialized + part * stride))
            }
            for part in capacities.indices {
                if failure != nil {
                    (base + offsets[part]).deinitialize(count: initialized[part * stride])
                    continue
                }
                // The regions may overlap: `moveInitialize` copies as if through a temporary.
                (base + count).moveInitialize(from: base + offsets[part], count: initialized[part * stride])
                count += initialized[part * stride]
                if let error = errors[part] { failure = (part, error) }
            }
        }
        return (array, failure)
    }
}
