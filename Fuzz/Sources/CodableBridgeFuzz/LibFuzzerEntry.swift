// Built only by Scripts/fuzz.sh (`-D CODABLEBRIDGE_LIBFUZZER`): libFuzzer's entry point. One binary
// holds every target; CODABLEBRIDGE_FUZZ_TARGET (set by the script) names the one to run.
#if CODABLEBRIDGE_LIBFUZZER
import Foundation

private let selectedTarget: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["CODABLEBRIDGE_FUZZ_TARGET"] ?? ""
    guard let target = FuzzTarget.named(name) else {
        fatalError("CODABLEBRIDGE_FUZZ_TARGET must name one of: \(FuzzTarget.all.map(\.name).joined(separator: ", "))")
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    selectedTarget.run(Data(bytes: bytes, count: count))
    return 0
}
#endif
