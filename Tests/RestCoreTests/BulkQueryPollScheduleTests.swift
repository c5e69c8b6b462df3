import Testing

@testable import RestCore

/// The waits between a job's polls: half as long again each time, up to the longest.
@Suite struct BulkQueryPollScheduleTests {
    /// When each poll comes, from the create, for the default schedule, until `until`.
    static func pollTimes(until: Duration) -> [Duration] {
        let bulk = BulkQuery(client: makeClient(InMemoryTransport()))
        var times: [Duration] = []
        var wait = bulk.firstPoll
        var now = Duration.zero
        while now < until {
            now += wait
            times.append(now)
            wait = BulkQuery.nextPoll(after: wait, longest: bulk.longestPoll)
        }
        return times
    }

    @Test func eachWaitIsHalfAsLongAgainUpToTheLongest() {
        var wait = Duration.milliseconds(50)
        var waits: [Duration] = []
        for _ in 0..<12 {
            waits.append(wait)
            wait = BulkQuery.nextPoll(after: wait, longest: .seconds(2))
        }
        #expect(
            Array(waits.prefix(4)) == [
                .milliseconds(50), .milliseconds(75), .microseconds(112_500), .microseconds(168_750),
            ])
        #expect(waits.last == .seconds(2))
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 == min($0 * 3 / 2, .seconds(2)) })
    }

    @Test(arguments: [0.01, 0.2, 0.36, 1.3, 1.56, 3.2, 9.0])
    func aJobIsSeenCompleteByOneAndAHalfTimesItsLengthAndTheFirstWait(_ seconds: Double) {
        let length = Duration.milliseconds(Int64(seconds * 1000))
        let times = Self.pollTimes(until: length)
        guard let seen = times.last else {
            Issue.record("no poll")
            return
        }
        #expect(seen <= length * 3 / 2 + .milliseconds(50))
        // Polls grow geometrically: a 1.3 s job costs 7 (doubling would cost 5 and see it at 1.55 s).
        if seconds == 1.3 { #expect(times.count == 7) }
    }
}
