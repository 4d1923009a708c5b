import Foundation

// The replay tool (`swift build` in Fuzz/): runs one target over files and folders without
// libFuzzer — to reproduce a crash file, or to check a corpus.
//
//     .build/debug/codablebridge-fuzz parse Corpus/parse crash-1234
#if !CODABLEBRIDGE_LIBFUZZER
let arguments = CommandLine.arguments.dropFirst()
guard let name = arguments.first, let target = FuzzTarget.named(name) else {
    print("usage: codablebridge-fuzz TARGET FILE|FOLDER…")
    for target in FuzzTarget.all {
        print("  \(target.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(target.summary)")
    }
    exit(2)
}
var inputs = 0
for path in arguments.dropFirst() {
    let url = URL(fileURLWithPath: path)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
    let files = isFolder.boolValue
        ? try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
        : [url]
    for file in files {
        target.run(try Data(contentsOf: file))
        inputs += 1
    }
}
print("\(target.name): \(inputs) inputs, no finding")
#endif
