import Foundation

/// The search bits built ahead of the first search, off the lock.
extension OrgStore {
    /// Starts building the search bits of every object on a thread of its own.
    ///
    /// At 1,000,000 contacts the build takes seconds of CPU. Under the lock it would stop every
    /// request meanwhile; on the cooperative pool or a Dispatch queue it would hold a worker all
    /// along (the only one on a one-core machine). It reads a snapshot of the tables instead;
    /// a search meanwhile waits for the bits of the objects it returns, other requests do not.
    func startBuildingSearchSignatures() {
        for gate in searchSignaturesGates.values { gate.close() }
        let thread = Thread { [self] in
            buildSearchSignatures(built: { object in searchSignaturesGates[object]?.open() })
            for gate in searchSignaturesGates.values { gate.open() }
        }
        thread.name = "mock-org search bits"
        thread.start()
    }

    /// Builds the search bits of every object not built yet, each from a snapshot of its table
    /// taken under the lock and made off it (a searched field reads its own record only); the rows written meanwhile are made again when the
    /// bits are kept. `whileBuilding` runs off the lock between an object's snapshot and its
    /// bits being kept (tests write there), `built` once they are.
    func buildSearchSignatures(
        whileBuilding: (SObjectType) -> Void = { _ in }, built: (SObjectType) -> Void = { _ in }
    ) {
        for object in [SObjectType.contact, .account, .supportCase] {
            let snapshot: OrgTables? = state.withLock { state in
                state.searchSignatures.startBuild(of: object) ? OrgTables(snapshotOf: state.tables, only: object) : nil
            }
            guard let snapshot else { continue }
            let signatures = Self.searchSignatures(of: object, in: snapshot)
            whileBuilding(object)
            state.withLock { state in state.searchSignatures.finishBuild(signatures, of: object, tables: state.tables) }
            built(object)
        }
    }

    /// The bits of every row of `object` in `tables`, which no other thread uses.
    private static func searchSignatures(
        of object: SObjectType, in tables: sending OrgTables
    ) -> sending ObjectSearchSignatures {
        let built = ObjectSearchSignatures(object)
        built.build(from: tables)
        return built
    }

    /// Returns once the search bits of every object `search` returns are built (at once when no
    /// build runs).
    func searchSignaturesBuilt(for search: SOSLSearch) async {
        for returning in search.returning {
            guard let object = SObjectType(named: returning.objectName) else { continue }
            await searchSignaturesGates[object]?.wait()
        }
    }
}
