import Testing

@testable import RestCore

/// The waits between a job's polls (`BulkPollSchedule`): half as long again each time up to the
/// longest, or, when the job's record count is known ahead, after the end its pace foretells.
@Suite struct BulkPollScheduleTests {
    /// A job as an org runs it: no count for `quiet`, then `records` processed at a steady pace
    /// until `length`.
    struct Job {
        var records: Int
        var quiet: Duration = .zero
        var length: Duration
        /// Whether the org reports the count while the job runs, or only at its end.
        var reportsCount = true

        func processed(at time: Duration) -> Int {
            guard time < length else { return records }
            guard reportsCount, time > quiet else { return 0 }
            return Int(Double(records) * ((time - quiet) / (length - quiet)))
        }
    }

    /// When each poll comes, from the create's answer (a sight of no records processed), until one
    /// finds the job complete.
    static func pollTimes(
        of job: Job, expectedRecords: Int?, first: Duration = .milliseconds(50), longest: Duration = .seconds(5)
    ) -> [Duration] {
        let start = ContinuousClock.now
        var schedule = BulkPollSchedule(
            first: first, longest: longest, expectedRecords: expectedRecords, createdAt: start)
        var times: [Duration] = []
        var now = schedule.firstWait
        while times.count < 1_000 {
            times.append(now)
            if now >= job.length { break }
            now += schedule.wait(afterCount: job.processed(at: now), at: start + now)
        }
        return times
    }

    @Test func withoutAKnownCountEachWaitIsHalfAsLongAgainUpToTheLongest() {
        let times = Self.pollTimes(
            of: Job(records: 1_000, length: .seconds(60)), expectedRecords: nil, longest: .seconds(2))
        let waits = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(times.first == .milliseconds(50))
        #expect(
            Array(waits.prefix(3)) == [.milliseconds(75), .microseconds(112_500), .microseconds(168_750)])
        #expect(waits.last == .seconds(2))
        #expect(zip(waits, waits.dropFirst()).allSatisfy { $1 == min($0 * 3 / 2, .seconds(2)) })
    }

    @Test(arguments: [0.01, 0.2, 0.36, 1.3, 1.56, 3.2, 9.0])
    func withoutAKnownCountAJobIsSeenByOneAndAHalfTimesItsLengthAndTheFirstWait(_ seconds: Double) throws {
        let length = Duration.milliseconds(Int64(seconds * 1000))
        let times = Self.pollTimes(of: Job(records: 1_000, length: length), expectedRecords: nil)
        let seen = try #require(times.last)
        #expect(seen <= length * 3 / 2 + .milliseconds(50))
        // Polls grow geometrically: a 1.3 s job costs 7 (doubling would cost 5 and see it at 1.55 s).
        if seconds == 1.3 { #expect(times.count == 7) }
    }

    @Test(arguments: [0.2, 0.5, 2.0, 5.0])
    func aShortJobThatCountsFromItsStartIsSeenCompleteAtTheSecondPoll(_ seconds: Double) throws {
        let length = Duration.milliseconds(Int64(seconds * 1000))
        let job = Job(records: 1_000_000, length: length)
        let times = Self.pollTimes(of: job, expectedRecords: job.records)
        let seen = try #require(times.last)
        // The first poll, at the earliest the job could end (0.5 s for a million records), sees it
        // complete or gives its pace since the create's answer: the next poll sees it complete.
        #expect(times.first == .milliseconds(500))
        #expect(times.count <= 2, "polls at \(times)")
        #expect(seen >= length)
        #expect(seen <= max(length + length / 8 + .milliseconds(50), .milliseconds(500)), "seen at \(seen)")
    }

    @Test(arguments: [0.5, 2.0, 30.0, 600.0])
    func aKnownCountFollowsThePaceAndSeesTheEndSoonAfter(_ seconds: Double) throws {
        let length = Duration.milliseconds(Int64(seconds * 1000))
        // A quiet start (the org selecting the rows), then a steady pace.
        let job = Job(records: 1_000_000, quiet: length / 5, length: length)
        let paced = Self.pollTimes(of: job, expectedRecords: job.records)
        let backedOff = Self.pollTimes(of: job, expectedRecords: nil)
        let seen = try #require(paced.last)
        // The pace since the last poll that saw nothing is slower than the job's, and is trusted
        // for `longest` (5 s) at most: a short job may be seen that much later; a long one is
        // seen soon after its end, once two counts give its pace.
        if seconds >= 30 {
            #expect(seen <= length + length / 8 + .milliseconds(50), "seen at \(seen)")
        } else {
            #expect(seen <= length + .seconds(5), "seen at \(seen)")
        }
        // While the job counts, a poll a minute at most, where backing off costs one per 5 s; the
        // quiet start costs no more (its first poll comes no sooner than the job could end).
        let pacedWhileCounting = paced.filter { $0 > job.quiet }.count
        let backedOffWhileCounting = backedOff.filter { $0 > job.quiet }.count
        #expect(paced.count - pacedWhileCounting <= backedOff.count - backedOffWhileCounting)
        #expect(pacedWhileCounting <= backedOffWhileCounting)
        if seconds == 30 { #expect(pacedWhileCounting <= 4, "\(pacedWhileCounting) polls") }
        if seconds == 600 {
            #expect(pacedWhileCounting <= 12, "\(pacedWhileCounting) polls")
            #expect(backedOffWhileCounting > 90)
        }
    }

    @Test func aPaceFromASightOfNothingSetsAWaitOfTheLongestAtMost() {
        // A job that counted nothing for 100 s, then 1% in the next second: its pace since the
        // create says 10,000 s more; the next poll comes after 5 s, and then the true pace rules.
        let start = ContinuousClock.now
        var schedule = BulkPollSchedule(
            first: .milliseconds(50), longest: .seconds(5), expectedRecords: 1_000_000, createdAt: start)
        #expect(schedule.wait(afterCount: 10_000, at: start + .seconds(101)) == .seconds(5))
        let foreseen = schedule.wait(afterCount: 510_000, at: start + .seconds(106))
        #expect(foreseen > .seconds(5) && foreseen < .seconds(6), "\(foreseen)")
    }

    @Test func theFirstPollComesWhenTheJobCouldEndAtTheEarliest() {
        func firstWait(_ records: Int?) -> Duration {
            BulkPollSchedule(first: .milliseconds(50), longest: .seconds(5), expectedRecords: records).firstWait
        }
        #expect(firstWait(nil) == .milliseconds(50))
        #expect(firstWait(60_000) == .milliseconds(50))
        #expect(firstWait(1_000_000) == .milliseconds(500))
        #expect(firstWait(30_000_000) == .seconds(15))
    }

    /// The waits between polls, from the first poll on.
    static func waits(_ times: [Duration]) -> [Duration] {
        zip(times.dropFirst(), times).map { $0 - $1 }
    }

    @Test func aCountReportedOnlyAtTheEndKeepsTheBackOff() {
        // The first poll comes later (the earliest a million records could be done), then the same back-off.
        let job = Job(records: 1_000_000, length: .seconds(20), reportsCount: false)
        let paced = Self.waits(Self.pollTimes(of: job, expectedRecords: job.records))
        let backedOff = Self.waits(Self.pollTimes(of: job, expectedRecords: nil))
        #expect(paced.count >= 10)
        #expect(Array(paced.prefix(10)) == Array(backedOff.prefix(10)))
    }

    @Test func aCountPastTheExpectedOneKeepsTheBackOff() {
        // The org's count moved past what the REST page said (records created since): no pace to follow.
        let job = Job(records: 1_000_000, length: .seconds(20))
        #expect(
            Self.pollTimes(of: job, expectedRecords: 1_000) == Self.pollTimes(of: job, expectedRecords: nil))
    }
}
