// `shared-retains`: which objects do two threads both retain while they decode or encode?
//
// Run it through Scripts/shared-retains.sh (Linux), which preloads the retain recorder
// (Scripts/shared-retains/retain-recorder.c). Two threads each decode (or encode) their own copy of
// the same document; while they do, every retain and release is recorded per thread. An object
// both threads retain has its reference count written from two cores, so its cache line moves
// between them on every decode — the cost a lock would have, without the lock. Objects inside a
// loaded image (the standard library's empty singletons) are immortal: their counts are never
// written, and they are listed but not counted.
//
// Exit status 1 if any other object is shared. CI runs it (Benchmarks/Scripts/shared-retains.sh).

import CodableBridge
import Foundation

#if canImport(Glibc)
import Glibc

/// A mapped model with a key path, alternates, a nested mapped model and an array.
struct Order: MappableCodable, Sendable {
    var id: Int
    var customerName: String
    var lines: [Line]
    var note: String?
    static var keyMapping: KeyMapping { ["id": ["id", "ID"], "customerName": "customer.name"] }

    struct Line: MappableCodable, Sendable {
        var sku: String
        var quantity: Int
        static var keyMapping: KeyMapping { ["quantity": ["qty", "quantity"]] }
    }
}

/// The same document through synthesized `Codable` alone.
struct PlainOrder: Codable, Sendable {
    var id: Int
    var customer: Customer
    var lines: [PlainLine]
    var note: String?

    struct Customer: Codable, Sendable { var name: String }
    struct PlainLine: Codable, Sendable {
        var sku: String
        var qty: Int
    }
}

let document = Data("""
    {"id": 7, "customer": {"name": "Ada Lovelace"}, "note": "leave at the door, please",
     "lines": [{"sku": "tea-earl-grey-250g", "qty": 2}, {"sku": "scones-6", "qty": 1}]}
    """.utf8)

/// One way of using the library, run many times on one thread.
struct Workload: Sendable {
    let name: String
    let run: @Sendable (Data, Int) -> Void
}

let workloads = [
    Workload(name: "decode mapped") { data, n in
        for _ in 0..<n { _ = try? BridgeDecoder().decode(Order.self, from: data) }
    },
    Workload(name: "decode plain") { data, n in
        for _ in 0..<n { _ = try? BridgeDecoder().decode(PlainOrder.self, from: data) }
    },
    Workload(name: "encode mapped") { data, n in
        let order = try! BridgeDecoder().decode(Order.self, from: data)
        for _ in 0..<n { _ = try? BridgeEncoder().encode(order) }
    },
    Workload(name: "encode plain") { data, n in
        let order = try! BridgeDecoder().decode(PlainOrder.self, from: data)
        for _ in 0..<n { _ = try? BridgeEncoder().encode(order) }
    },
]

typealias SetRecording = @convention(c) (Int32) -> Void
typealias Dump = @convention(c) (UnsafePointer<CChar>) -> Void

guard let setSymbol = dlsym(dlopen(nil, RTLD_NOW), "retain_recorder_set"),
      let dumpSymbol = dlsym(dlopen(nil, RTLD_NOW), "retain_recorder_dump") else {
    print("The retain recorder is not loaded: run Scripts/shared-retains.sh")
    exit(2)
}
let setRecording = unsafeBitCast(setSymbol, to: SetRecording.self)
let dump = unsafeBitCast(dumpSymbol, to: Dump.self)

/// One recorded object: address → (count, static, class).
struct Recorded {
    var count: Int
    var isStatic: Bool
    var className: String
}

func read(_ path: String) -> [String: Recorded] {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [:] }
    var objects: [String: Recorded] = [:]
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard fields.count == 4, let count = Int(fields[1]), let metadata = UInt(fields[3], radix: 16),
              let pointer = UnsafeRawPointer(bitPattern: metadata) else { continue }
        // The class's metadata, read while the object was alive; shared objects outlive the run.
        let className = _typeName(unsafeBitCast(pointer, to: Any.Type.self), qualified: true)
        objects[fields[0]] = Recorded(count: count, isStatic: fields[2] == "1", className: className)
    }
    return objects
}

/// Runs `workload` on two threads: a warm-up, then `recorded` runs each while recording.
func sharedObjects(_ workload: Workload, recorded: Int = 50) -> [(String, Recorded, Recorded)] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shared-retains-\(getpid())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let warmedUp = DispatchGroup(), ran = DispatchGroup(), dumped = DispatchGroup()
    let start = DispatchSemaphore(value: 0), write = DispatchSemaphore(value: 0)
    for index in 0..<2 {
        warmedUp.enter(); ran.enter(); dumped.enter()
        let copy = Data([UInt8](document))  // each thread its own input, as each request has
        let path = directory.appendingPathComponent("thread\(index).txt").path
        Thread {
            workload.run(copy, 20)
            warmedUp.leave()
            start.wait()
            workload.run(copy, recorded)
            ran.leave()
            write.wait()
            dump(path)
            dumped.leave()
        }.start()
    }
    warmedUp.wait()
    setRecording(1)
    start.signal(); start.signal()
    ran.wait()
    setRecording(0)
    write.signal(); write.signal()
    dumped.wait()
    let first = read(directory.appendingPathComponent("thread0.txt").path)
    let second = read(directory.appendingPathComponent("thread1.txt").path)
    try? FileManager.default.removeItem(at: directory)
    return first.keys.filter { second[$0] != nil }.sorted().map { ($0, first[$0]!, second[$0]!) }
}

var failed = false
for workload in workloads {
    let shared = sharedObjects(workload)
    let written = shared.filter { !$0.1.isStatic }
    print("\(workload.name): \(written.count) shared object\(written.count == 1 ? "" : "s") retained by both threads"
          + " (\(shared.count - written.count) static, immortal)")
    for (address, first, second) in shared {
        print("    \(first.isStatic ? "static " : "SHARED ") \(address)  \(first.count) + \(second.count) retains/releases  \(first.className)")
    }
    if !written.isEmpty { failed = true }
}
exit(failed ? 1 : 0)
#else
print("shared-retains needs Linux (it preloads a library that wraps the Swift runtime's retain).")
#endif
