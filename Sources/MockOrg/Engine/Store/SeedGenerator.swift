import SOQL

/// Builds the deterministic seed data of an org: the same seed and size always give the same records.
struct SeedGenerator {
    let seed: UInt64
    let contactCount: Int
    /// The instant the seed's recent edits lead up to (milliseconds since 1970): about one record
    /// in twelve was last changed in the week before it. Tests may pin it; an org keeps `seededUntil`.
    var recentEditsBefore: Int64 = Self.seededUntil

    /// Users by serial: 1 is the org's own user (`MockOrgConfiguration.orgUserID`), the rest colleagues.
    static let users: [UserRecord] = [
        ("Demo User", "demo@example.com", true), ("Amara Okafor", "amara.okafor@example.com", true),
        ("Kenji Sato", "kenji.sato@example.com", true), ("Lucía Fernández", "lucia.fernandez@example.com", true),
        ("Tom Becker", "tom.becker@example.com", true), ("Ingrid Holm", "ingrid.holm@example.com", false),
    ].map { name, email, active in
        UserRecord(name: name, username: email, email: email, isActive: active, createdDate: epochStart)
    }

    /// 2023-01-01T00:00:00Z; created dates fall in the two years after it.
    static let epochStart: Int64 = 1_672_531_200_000
    static let twoYearsMillis: Int64 = 2 * 365 * 86_400_000
    /// 2025-04-30T00:00:00Z, after every seeded date (a Case is created up to 91 days after its
    /// Contact). A fixed instant, not the org's start: an org restarted with the same seed gives
    /// each record the dates it had, so a client's copy from before the restart is not "changed
    /// in the org", and every seeded date stays in the past.
    static let seededUntil: Int64 = epochStart + twoYearsMillis + 120 * 86_400_000

    var accountCount: Int { max(1, contactCount / 8) }

    /// Birthdates fall from 1950-01-01 to 2004-12-31 (days since 1970).
    static let earliestBirthdate = CivilDate.days(year: 1950, month: 1, day: 1)
    static let birthdateSpan = CivilDate.days(year: 2005, month: 1, day: 1) - earliestBirthdate

    func makeAccounts() -> [AccountRecord] {
        (0..<accountCount).map { index in
            var random = SeededRandom(seed: seed, stream: 1, index: index)
            let pool = SeedPools.accountNames
            let base = pool[(index + Int(seed % UInt64(pool.count))) % pool.count]
            let round = index / pool.count
            let created = Self.epochStart + Int64(random.below(Int(Self.twoYearsMillis / 1000))) * 1000
            let place = random.pick(SeedPools.cities)
            // A stream of its own, so that the fields above stay as they were for every seed.
            var size = SeededRandom(seed: seed, stream: 5, index: index)
            let employees: Int32? =
                size.below(5) == 0
                ? nil : Int32([3, 12, 40, 150, 800, 2500, 12_000, 85_000][size.below(8)] + size.below(100))
            let revenue = employees.flatMap { count in
                size.below(4) == 0 ? nil : Double(Int(count) * (60 + size.below(240))) * 1000
            }
            var account = AccountRecord(
                name: round == 0 ? base : base + " " + String(round + 1),
                industry: random.pick(SeedPools.industries),
                phone: Self.phone(&random),
                billingCity: place.city,
                billingCountry: place.country,
                createdDate: created,
                lastModifiedDate: created + Int64(random.below(86_400)) * 1000,
                numberOfEmployees: employees,
                annualRevenue: revenue
            )
            stampUsers(stream: 7, index: index, &account.users, &account.lastModifiedDate)
            return account
        }
    }

    func makeContact(index: Int) -> ContactRecord {
        var random = SeededRandom(seed: seed, stream: 2, index: index)
        let first = random.pick(SeedPools.firstNames)
        let last = random.pick(SeedPools.lastNames)
        let hasFirstName = random.below(40) != 0
        let email = first.handle + "." + last.handle + String(index + 1) + "@" + random.pick(SeedPools.emailDomains)
        let place = random.pick(SeedPools.cities)
        let created = Self.epochStart + Int64(random.below(Int(Self.twoYearsMillis / 1000))) * 1000
        let hasAccount = random.below(20) != 0
        // A stream of its own, so that the fields above stay as they were for every seed.
        var birth = SeededRandom(seed: seed, stream: 6, index: index)
        let birthdate = birth.below(4) == 0 ? nil : Int32(Self.earliestBirthdate + birth.below(Self.birthdateSpan))
        var contact = ContactRecord(
            firstName: hasFirstName ? first.name : nil,
            lastName: last.name,
            title: random.below(5) == 0 ? nil : random.pick(SeedPools.titles),
            email: random.below(15) == 0 ? nil : email,
            phone: random.below(6) == 0 ? nil : Self.phone(&random),
            mobilePhone: random.below(2) == 0 ? nil : Self.phone(&random),
            mailingStreet: String(1 + random.below(999)) + " " + random.pick(SeedPools.streets),
            mailingCity: place.city,
            mailingState: place.state,
            mailingPostalCode: String(10_000 + random.below(89_999)),
            mailingCountry: place.country,
            accountSerial: hasAccount ? Int32(1 + random.below(accountCount)) : 0,
            birthdate: birthdate,
            createdDate: created,
            lastModifiedDate: created + Int64(random.below(30 * 86_400)) * 1000
        )
        stampUsers(stream: 8, index: index, &contact.users, &contact.lastModifiedDate)
        return contact
    }

    /// How many Cases contact `index` has: about one contact in ten has one to three.
    func caseCount(forContact index: Int) -> Int {
        var random = SeededRandom(seed: seed, stream: 3, index: index)
        return random.below(10) == 0 ? 1 + random.below(3) : 0
    }

    func makeCase(number: Int32, contactSerial: Int32, accountSerial: Int32, createdAfter: Int64) -> CaseRecord {
        var random = SeededRandom(seed: seed, stream: 4, index: Int(number))
        let created = createdAfter + Int64(random.below(90 * 86_400)) * 1000
        var supportCase = CaseRecord(
            caseNumber: number,
            subject: random.pick(SeedPools.caseSubjects),
            status: random.pick(SeedPools.caseStatuses),
            contactSerial: contactSerial,
            accountSerial: accountSerial,
            createdDate: created,
            lastModifiedDate: created + Int64(random.below(86_400)) * 1000
        )
        stampUsers(stream: 9, index: Int(number), &supportCase.users, &supportCase.lastModifiedDate)
        return supportCase
    }

    /// Owner, creator and last editor of one record, from a stream of its own so that the other
    /// fields stay as they were for every seed: the org's user owns about a fifth, colleagues the
    /// rest; about one record in twelve was changed in the week before `recentEditsBefore`.
    private func stampUsers(stream: UInt64, index: Int, _ users: inout RecordUsers, _ lastModified: inout Int64) {
        var random = SeededRandom(seed: seed, stream: stream, index: index)
        let colleagues = Self.users.count - 1
        users.owner = random.below(5) == 0 ? 1 : UInt8(2 + random.below(colleagues))
        users.createdBy = random.below(3) == 0 ? users.owner : UInt8(1 + random.below(Self.users.count))
        users.lastModifiedBy = random.below(2) == 0 ? users.createdBy : UInt8(1 + random.below(Self.users.count))
        if random.below(12) == 0 {
            lastModified = max(lastModified, recentEditsBefore - Int64(1 + random.below(7 * 86_400)) * 1000)
        }
    }

    static func phone(_ random: inout SeededRandom) -> String {
        let area = 200 + random.below(800)
        let line = random.below(10_000)
        let lineText = String(line)
        return "(" + String(area) + ") 555-" + String(repeating: "0", count: 4 - lineText.count) + lineText
    }
}
