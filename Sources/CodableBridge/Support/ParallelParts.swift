import Foundation

/// Work done in parts on several threads: decoding on several cores
/// (Decoding/BridgeDecoder+Parallel.swift, Streaming/JSONLines.swift).
///
/// There are more parts than threads (`DecodingParallelism.parts(forBytes:)`): each thread takes
/// the next part not yet taken when it finishes one, so a thread that runs slower, or a part
/// that takes longer, holds the others up by one part at most at the end.
enum ParallelParts {
    /// Runs `body` for each of `count` parts, on up to `threads` threads (the calling one among
    /// them), and returns the results in part order.
    static func map<R>(_ count: Int, threads: Int, _ body: (Int) -> R) -> [R] {
        [R](unsafeUninitializedCapacity: count) { buffer, initialized in
            withoutActuallyEscaping(body) { body in
                // Each part writes its own slot, and `concurrentPerform` returns after every part.
                let shared = Shared(body: body, results: buffer, next: NextPart(count: count))
                DispatchQueue.concurrentPerform(iterations: max(1, min(count, threads))) { _ in
                    while let part = shared.next.take() {
                        shared.results.baseAddress.map { ($0 + part).initialize(to: shared.body(part)) }
                    }
                }
            }
            initialized = count
        }
    }

    /// The parts not yet taken, handed out in order.
    private final class NextPart: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        private let count: Int

        init(count: Int) { self.count = count }

        /// The next part, or nil when every part has been taken.
        func take() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    /// What the threads of ``map(_:threads:_:)`` share: the work, the results, of which each part
    /// writes only its own, and the parts not yet taken.
    private struct Shared<R>: @unchecked Sendable {
        let body: (Int) -> R
        let results: UnsafeMutableBufferPointer<R>
        let next: NextPart
    }
}

/// The lowest part whose work failed so far, shared by the threads of one
/// ``Array/filledInParts(capacities:threads:_:)``.
private final class FirstFailedPart: @unchecked Sendable {
    private let lock = NSLock()
    private var part = Int.max

    /// Whether `part` comes after a part that failed.
    func isAfter(_ part: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return part > self.part
    }

    func record(_ part: Int) {
        lock.lock()
        self.part = min(self.part, part)
        lock.unlock()
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
    /// elements it wrote are kept, the later parts' are released (a later part not started yet is
    /// not started at all), and that part and its error are returned with it.
    static func filledInParts(capacities: [Int], threads: Int, _ fill: (_ part: Int, _ slots: PartSlots<Element>) -> (any Error)?)
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
            // A part after one that failed is not started: its elements would be released.
            let firstFailed = FirstFailedPart()
            let errors = ParallelParts.map(capacities.count, threads: threads) { part -> (any Error)? in
                guard !firstFailed.isAfter(part) else { return nil }
                let error = fill(part, PartSlots(base: base + offsets[part], capacity: capacities[part], initialized: initialized + part * stride))
                if error != nil { firstFailed.record(part) }
                return error
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
