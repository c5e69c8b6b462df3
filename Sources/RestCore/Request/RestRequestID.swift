import Synchronization

/// The identity of one request value: two deletes of the same record are two requests.
public struct RestRequestID: Hashable, Sendable, CustomStringConvertible {
    let rawValue: UInt64

    /// A fresh identifier, never equal to one made before in this process.
    public init() {
        rawValue = nextRequestNumber.wrappingAdd(1, ordering: .relaxed).newValue
    }

    public var description: String { "request-\(rawValue)" }
}

private let nextRequestNumber = Atomic<UInt64>(0)
