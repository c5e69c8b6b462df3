import Foundation
import Glibc
import NIOCore

/// A complete job's CSV, written by the job's run before `JobComplete` as Salesforce writes its
/// result files: the header row in memory, the records' lines in a temporary file that is unlinked
/// as soon as it is open (so it is gone when the org stops, however it stops), and where each line
/// ends. A piece of results is a range of lines read back from the file, off the store's lock and
/// at once for several pieces; the org keeps no second copy of its records in memory.
final class BulkResultFile: Sendable {
    /// The header row, line ending included.
    let header: [UInt8]
    /// Line `i` is the file's bytes from `ends[i - 1]` (0 for the first) to `ends[i]`.
    let ends: [Int]
    private let descriptor: Int32

    /// The records in the file.
    var count: Int { ends.count }

    fileprivate init(header: [UInt8], ends: [Int], descriptor: Int32) {
        self.header = header
        self.ends = ends
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Where line `row` starts in the file (the file's size for `count`).
    func start(of row: Int) -> Int { row == 0 ? 0 : ends[row - 1] }

    /// The end of the piece that starts at line `offset` and holds at most `budget` bytes of
    /// lines, at least one line when any is left.
    func pieceEnd(from offset: Int, budget: Int) -> Int {
        guard offset < count else { return offset }
        let limit = start(of: offset) + budget
        // The first line past `offset` that ends beyond the budget.
        var low = offset + 1
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > limit { high = middle } else { low = middle + 1 }
        }
        return max(low, offset + 1)
    }

    /// Lines `rows` cut into slices of about `sliceBytes` (at least a line each, and one empty
    /// slice for no lines), in order: a piece is read back and sent a slice at a time, so that
    /// the org holds one slice, however large the piece.
    func slices(of rows: Range<Int>, sliceBytes: Int) -> [Range<Int>] {
        guard !rows.isEmpty else { return [rows] }
        var slices: [Range<Int>] = []
        var from = rows.lowerBound
        while from < rows.upperBound {
            let end = min(pieceEnd(from: from, budget: sliceBytes), rows.upperBound)
            slices.append(from..<end)
            from = end
        }
        return slices
    }

    /// The size of the header row and lines `rows`.
    func size(of rows: Range<Int>) -> Int {
        header.count + start(of: rows.upperBound) - start(of: rows.lowerBound)
    }

    /// Appends lines `rows`, read back from the file, to `buffer`.
    func append(rows: Range<Int>, to buffer: inout ByteBuffer) throws(APIError) {
        let from = start(of: rows.lowerBound)
        let length = start(of: rows.upperBound) - from
        buffer.reserveCapacity(buffer.writerIndex + length)
        let read = buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: length) { space in
            var done = 0
            while done < length {
                let count = pread(descriptor, space.baseAddress! + done, length - done, off_t(from + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            return done
        }
        guard read == length else {
            throw APIError(status: 500, "UNKNOWN_EXCEPTION", "The job's results could not be read back")
        }
    }

    /// Writes a job's lines into a new unlinked temporary file, piece by piece.
    struct Writer: ~Copyable {
        private let header: [UInt8]
        private var ends: [Int] = []
        private var size = 0
        private var descriptor: Int32

        /// Opens the file; nil when no temporary file can be made.
        init?(header: [UInt8]) {
            var template = Array(
                URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("mock-org-bulk-XXXXXX").path
                    .utf8CString)
            let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            guard descriptor >= 0 else { return nil }
            template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
            self.header = header
            self.descriptor = descriptor
        }

        deinit { if descriptor >= 0 { close(descriptor) } }

        /// Appends `lines`, whose lines end at `ends` (counted from the start of `lines`); false
        /// when the file cannot take them.
        mutating func append(_ lines: [UInt8], ends lineEnds: [Int]) -> Bool {
            var done = 0
            let written = lines.withUnsafeBytes { bytes -> Bool in
                while done < bytes.count {
                    let count = write(descriptor, bytes.baseAddress! + done, bytes.count - done)
                    if count < 0, errno == EINTR { continue }
                    guard count > 0 else { return false }
                    done += count
                }
                return true
            }
            guard written else { return false }
            let base = size
            ends.append(contentsOf: lineEnds.lazy.map { base + $0 })
            size += lines.count
            return true
        }

        /// The file, ready to read; the writer is spent.
        consuming func finish() -> BulkResultFile {
            let file = BulkResultFile(header: header, ends: ends, descriptor: descriptor)
            descriptor = -1
            return file
        }
    }
}
