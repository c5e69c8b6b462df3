/// One record of the org: its object and its row in that object's table.
struct RecordKey: Hashable, Sendable {
    let object: SObjectType
    let row: Int
}
