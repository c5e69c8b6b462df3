/// When to poll a Bulk API 2.0 query job next. Every poll is a call against the org's daily
/// allowance, and a job seen late keeps its reader waiting.
///
/// Without more to go on, each wait is half as long again as the one before, from `first` up to
/// `longest`: a job of `t` seconds costs about log1.5(t / first) polls and is seen complete by
/// 1.5 t + `first` (doubling would save a poll or two and may wait as long again as the job ran).
/// When the records the job will process are known ahead (`expectedRecords`: the count a REST
/// page of the same query gave), the first poll comes when the job could end at the earliest
/// (`firstWait`: its count at `fastestPace`), and the job's pace tells when it ends, the next
/// poll coming then, a little after:
/// - Two polls that both saw a count, and saw it grow, give the pace; the wait it sets is at most
///   `longestForeseen`, in case the pace changes: a long job costs a poll a minute instead of one
///   every `longest`, and a short one is seen soon after it ends.
/// - Before that, the pace since the last sight of no records (the create's answer, `createdAt`,
///   or a poll that saw none) sets a wait of at most `longest`. It can only be slower than the
///   job's (the job may have started counting after that sight, while it selected its rows), so
///   the poll it sets comes late rather than early: a job that counts from its start, as a short
///   one does, is seen complete at the second poll, and one that did not pays at most `longest`.
///
/// A job whose count does not move (an org that reports it only at the end) keeps the back-off.
struct BulkPollSchedule: Sendable {
    let first: Duration
    let longest: Duration
    let expectedRecords: Int?
    private var backOff: Duration
    private var lastCount: (at: ContinuousClock.Instant, processed: Int)?

    /// - Parameter createdAt: when the create's answer came, a sight of no records processed.
    init(first: Duration, longest: Duration, expectedRecords: Int? = nil, createdAt: ContinuousClock.Instant? = nil) {
        self.first = first
        self.backOff = first
        self.longest = max(longest, first)
        self.expectedRecords = expectedRecords
        self.lastCount = createdAt.map { ($0, 0) }
    }

    /// The longest wait the job's pace can set: a wrong guess costs at most this.
    var longestForeseen: Duration { longest * 12 }

    /// Records a second that no org processes faster: the mock org does about 1.6 million on two
    /// cores; Salesforce's jobs run for minutes. A job's count at this pace is when it could end
    /// at the earliest, and its first poll comes no sooner: a poll at the start sees too little of
    /// the job to tell its pace (a job starts slower than it goes on), and a job of 1,000,000
    /// records polled at 50 ms was foreseen to end twice as late as it did.
    static let fastestPace = 2_000_000.0

    /// The wait before the first poll: `first`, or the earliest the job could end at `fastestPace`.
    var firstWait: Duration {
        guard let expectedRecords else { return first }
        return max(first, .seconds(Double(expectedRecords) / Self.fastestPace))
    }

    /// The wait after a poll that found `processed` records processed at `now`.
    mutating func wait(afterCount processed: Int, at now: ContinuousClock.Instant) -> Duration {
        let backedOff = min(backOff * 3 / 2, longest)
        backOff = backedOff
        defer { lastCount = (now, processed) }
        guard let expectedRecords, let lastCount, processed > lastCount.processed, processed < expectedRecords,
            now > lastCount.at
        else { return backedOff }
        let pace = Double(processed - lastCount.processed) / ((now - lastCount.at) / .seconds(1))
        let remaining = Duration.seconds(Double(expectedRecords - processed) / pace)
        // A pace from a sight of no records is the job's at best: trusted for `longest` at most.
        let bound = lastCount.processed > 0 ? longestForeseen : longest
        // A little after the end the pace gives, so that the poll seldom comes just before it.
        return min(max(remaining * 1.1 + first / 2, first), bound)
    }
}
