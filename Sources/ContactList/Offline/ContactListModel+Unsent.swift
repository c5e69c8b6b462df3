import Foundation
import RestCore

extension ContactListModel {
    // MARK: - A change that never reached the org

    /// Whether a change whose request failed with `result` queues instead of rolling back: the org
    /// could not be reached (`RestClientError.meansHostUnreachable`: the connection was refused,
    /// no such host, the network or host unreachable, or the connect timed out), so the request
    /// never left, and an outbox keeps queued changes.
    ///
    /// A failure after the request may have reached the org (a read timeout, `timedOut`; a
    /// connection lost mid-request; a 502/503/504) is an unknown outcome instead, read back before
    /// anything (`DeleteOutcome.unknown`): it never queues, so a change the org may have made is
    /// never sent again. A certificate or TLS failure, or a busy pool, is a refusal as before.
    func queuesUnsent(_ result: Result<RestResponse, RestClientError>) -> Bool {
        guard journalsChanges, case .failure(let error) = result else { return false }
        return error.meansHostUnreachable
    }

    /// A DELETE that never reached the org: its row comes back, marked ✖, and the delete queues
    /// under its request's key, so that its outbox entry turns from sent to queued in one write;
    /// the app goes offline. Nothing of it was sent: the sync up sends it, after its check.
    mutating func queueUnsentDelete(_ requestID: RestRequestID) -> [ContactListEffect] {
        guard let record = deleteRequests[requestID]?.record else { return [] }
        return enqueueUnsentDelete(requestID) + goOffline(status: queuedStatus("delete", count: 1, first: record))
    }

    /// `queueUnsentDelete` but for going offline, which a bulk delete does once for all its records.
    mutating func enqueueUnsentDelete(_ requestID: RestRequestID) -> [ContactListEffect] {
        let since = changes.since[requestID] ?? notices.now()
        guard let info = deleteRequests[requestID] else { return [] }
        // The org's copy: an edit of it in flight is not the org's until it settles.
        let original = withOrgValues(info.record)
        _ = changes.handOverDelete(requestID)
        putBack(info.record, query: info.query)
        viewport.marks[info.record.id] = nil
        return enqueue(QueuedChange(key: requestID, kind: .delete, original: original, state: .queued, since: since))
    }

    /// A PATCH that never reached the org: the row keeps the value, marked ✎, and the edit queues
    /// under its request's key (a later edit of the same field replaces an earlier queued one).
    mutating func queueUnsentUpdate(_ requestID: RestRequestID) -> [ContactListEffect] {
        let since = changes.since[requestID] ?? notices.now()
        guard let update = updateRequests[requestID] else { return [] }
        let orgCopy = withOrgValues(update.record)
        _ = changes.handOverUpdate(requestID)
        // The value put back on failure belongs to the updates still in flight, if any.
        if !updateRequests.values.contains(where: { $0.key == update.key }) {
            changes.confirmedFieldValues[update.key] = nil
        }
        let effects = enqueueEdit(
            key: requestID, field: update.field, value: update.value, orgCopy: orgCopy, since: since)
        return effects + goOffline(status: "Queued \(update.field) of \(label(of: update.record))")
    }

    /// A POST that never reached the org: the placeholder row stays, marked ✚, and the create
    /// queues under its request's key with the body it was sent with.
    mutating func queueUnsentCreate(_ requestID: RestRequestID) -> [ContactListEffect] {
        guard let create = changes.handOverCreate(requestID) else { return [] }
        let effects = enqueue(
            QueuedChange(
                key: requestID, kind: .create(typed: create.form.typedValues, body: createBody(of: create.form)),
                original: create.placeholder, state: .queued, since: create.sentAt))
        return effects + goOffline(status: "Queued the new \(label(of: create.placeholder))")
    }

    /// A SOAP undelete that never reached the org: each record's row stays, marked ↺ (in the
    /// Recycle Bin's view it comes back, `leaveInBin`), and its undelete queues under its entry's
    /// key; the app goes offline once for them all.
    mutating func queueUnsentUndeletes(_ keys: [RestRequestID]) -> [ContactListEffect] {
        var undeletes: [QueuedUndelete] = []
        for key in keys {
            let since = changes.since[key] ?? notices.now()
            guard let item = changes.handOverUndelete(key) else { continue }
            leaveInBin(item)
            undeletes.append((key, item, since))
        }
        let (effects, status) = enqueueUndeletes(undeletes)
        guard let status else { return effects }
        return effects + goOffline(status: status, count: undeletes.count)
    }

    // MARK: - A read of an unknown outcome that cannot reach the org

    /// Sends a read that settles a change of unknown outcome, kept until it is answered so that it
    /// can wait for the org (`deferOutcomeRead`).
    mutating func sendOutcomeRead(_ request: RestRequest, for purpose: Purpose) -> [ContactListEffect] {
        inFlight[request.id] = purpose
        offline.outcomeReads[request.id] = request
        return [.send(request)]
    }

    /// A read of an unknown outcome that got no answer: the change stays pending, its outcome
    /// unknown (nothing is put back, nothing sent again), and the read goes again later
    /// (`resendOutcomeReads`). An org that cannot be reached takes the app offline, and the read
    /// goes when it answers. A delete's read (of this process's delete, or of one a gone process
    /// left) that timed out, lost its connection or met the edge's 502/503/504 waits for `r` (or
    /// the next start, from the outbox): no answer says what the org did. Nil for any other
    /// answer, which settles the change.
    mutating func deferOutcomeRead(
        _ requestID: RestRequestID, purpose: Purpose, result: Result<RestResponse, RestClientError>
    ) -> [ContactListEffect]? {
        guard let request = offline.outcomeReads.removeValue(forKey: requestID), case .failure(let error) = result
        else { return nil }
        if journalsChanges, error.meansHostUnreachable {
            offline.readsAwaitingOrg.append((request, purpose))
            if case .reconcileLeftDelete = purpose { leaveLeftDeleteUnread() }
            let effects = goOffline()
            notices.statusMessage =
                "No answer, and the org cannot be reached: what became of the change is read when it answers."
            return effects
        }
        // A delete's read, or a bulk delete's check of its ids, with no answer either.
        guard let records = purpose.deletesRead?.compactMap({ deleteRequests[$0]?.record }), let first = records.first,
            Self.leavesReadUnanswered(error)
        else { return nil }
        offline.readsAwaitingOrg.append((request, purpose))
        if case .reconcileLeftDelete = purpose { leaveLeftDeleteUnread() }
        notices.statusMessage =
            if case .reconcileBulkDelete = purpose {
                "No answer to the check of the delete of \(noun.count(records.count)) either: whether they were "
                    + "deleted is unknown; r checks again."
            } else {
                "No answer to the read of \(label(of: first)) either: whether it was deleted is unknown; "
                    + "r reads it again."
            }
        return []
    }

    /// Whether a read's failure says nothing about the record: the host could not be reached, the
    /// answer did not come in time or its connection was lost (`RestClientError.meansNoAnswer`), or
    /// the edge answered for the org (502/503/504), as for a DELETE (`DeleteOutcome.unknown`).
    static func leavesReadUnanswered(_ error: RestClientError) -> Bool {
        if error.meansNoAnswer { return true }
        if case .unknown = DeleteOutcome(.failure(error)) { return true }
        return false
    }

    /// The reads that waited for the org (or for `r`), sent again now that it answers.
    mutating func resendOutcomeReads() -> [ContactListEffect] {
        let waiting = offline.readsAwaitingOrg
        offline.readsAwaitingOrg = []
        var effects: [ContactListEffect] = []
        for read in waiting {
            // A delete settled meanwhile (a sync, `x`) needs no read; counted, it would keep the
            // left deletes' round from ever ending.
            if let deletes = read.purpose.deletesRead, !deletes.contains(where: { deleteRequests[$0] != nil }) {
                continue
            }
            // A left delete's read again is a round of its own, with its own alert at its end.
            if case .reconcileLeftDelete = read.purpose { changes.leftDeletes.pending += 1 }
            effects += sendOutcomeRead(read.request, for: read.purpose)
        }
        return effects
    }

    /// Offline from `count` changes that could not reach the org: `status` (what queued), then
    /// what offline means for them.
    mutating func goOffline(status: String, count: Int = 1) -> [ContactListEffect] {
        let effects = goOffline()
        notices.statusMessage =
            "\(status): the org cannot be reached; sent when it answers (\(Self.discardHint(count: count)))"
        return effects
    }
}

extension ContactListModel.Purpose {
    /// The deletes a read of unknown outcomes settles: one delete's (this process's or a gone
    /// one's), or a bulk delete's; nil for any other request.
    var deletesRead: [RestRequestID]? {
        switch self {
        case .reconcileDelete(let id), .reconcileLeftDelete(let id): [id]
        case .reconcileBulkDelete(_, let entries): entries
        default: nil
        }
    }
}
