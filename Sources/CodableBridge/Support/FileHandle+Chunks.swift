import Foundation

extension FileHandle {
    /// Up to `count` bytes from the current position; empty at the end of the file. The one
    /// chunked read of JSON Lines files and streamed arrays.
    func readChunk(upTo count: Int) throws -> Data {
        if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
            return try read(upToCount: count) ?? Data()
        }
        return readData(ofLength: count)
    }
}
