/// When to poll a Bulk API 2.0 query job next. Every poll is a call against the org's daily
/// allowance, and a job seen late keeps its reader waiting.
///
/// Without more to go on, each wait is half as long again as the one before, from `first` up to
/// `longest`: a job of `t` seconds costs about log1.5(t / first) polls and is seen complete by
/// 1.5 t + `first` (doubling would save a poll or two and may wait as long again as the job ran).
/// When the records the job will process are known ahead (`expectedRecords`: the count a REST
/// page of the same query gave), two polls that both saw a count, and saw it grow, tell the job's
/// pace (a job may count nothing while it selects its rows), and the next poll comes when that
/// pace says the job ends, a little after, but at most `longestForeseen` later, in case the pace
/// changes: a long job then costs a poll a minute instead of one every `longest`, and a short one
/// is seen soon after it ends. A job whose count does not move (an org that reports it only at
/// the end) keeps the back-off.
struct BulkPollSchedule: Sendable {
    let first: Duration
    let longest: Duration
    let expectedRecords: Int?
    private var backOff: Duration?
    private var lastCount: (at: ContinuousClock.Instant, processed: Int)?

    init(first: Duration, longest: Duration, expectedRecords: Int? = nil) {
        self.first = first
        self.longest = max(longest, first)
        self.expectedRecords = expectedRecords
    }

    /// The longest wait the job's pace can set: a wrong guess costs at most this.
    var longestForeseen: Duration { longest * 12 }

    /// The wait after a poll that found `processed` records processed at `now`.
    mutating func wait(afterCount processed: Int, at now: ContinuousClock.Instant) -> Duration {
        let backedOff = min((backOff ?? first) * 3 / 2, longest)
        backOff = backedOff
        defer { lastCount = (now, processed) }
        guard let expectedRecords, let lastCount, lastCount.processed > 0, processed > lastCount.processed,
            processed < expectedRecords, now > lastCount.at
        else { return backedOff }
        let pace = Double(processed - lastCount.processed) / ((now - lastCount.at) / .seconds(1))
        let remaining = Duration.seconds(Double(expectedRecords - processed) / pace)
        // A little after the end the pace gives, so that the poll seldom comes just before it.
        return min(max(remaining * 1.1 + first / 2, first), longestForeseen)
    }
}
