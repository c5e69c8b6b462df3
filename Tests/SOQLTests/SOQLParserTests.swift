import Testing

@testable import SOQL

@Suite struct SOQLParserTests {
    @Test func aWholeStatementBecomesItsSyntaxTree() throws {
        let statement = try SOQLParser.parse(
            "SELECT Id, Account.Name FROM Contact WHERE (Name LIKE 'A%' OR Age__c >= 3) AND NOT Id IN ('a', 'b')"
                + " AND CreatedDate = LAST_N_DAYS:7 ORDER BY Name DESC NULLS LAST, Id LIMIT 5 OFFSET 10")
        #expect(statement.object.text == "Contact")
        let paths = statement.items.compactMap { item -> [String]? in
            if case .field(let path, alias: nil) = item { return path.parts }
            return nil
        }
        #expect(paths == [["Id"], ["Account", "Name"]])
        guard case .and(let terms)? = statement.filter, terms.count == 3, case .or(let either) = terms[0],
            either.count == 2, case .not(let member) = terms[1]
        else {
            Issue.record("unexpected shape: \(String(describing: statement.filter))")
            return
        }
        guard case .test(_, .like(let pattern)) = either[0],
            case .test(let age, .compare(.greaterOrEqual, let three)) = either[1],
            case .test(_, .member(let values, negated: false)) = member,
            case .test(_, .compare(.equal, let lastDays)) = terms[2]
        else {
            Issue.record("unexpected tests")
            return
        }
        #expect(pattern.likePattern == "A%")
        #expect(age.parts == ["Age__c"] && age.offset == 62)
        #expect(three.token.kind == .number(3))
        #expect(values.map(\.token.text) == ["'a'", "'b'"])
        #expect(lastDays.token.keyword == "LAST_N_DAYS" && lastDays.dayCount == 7)
        #expect(statement.ordering.map(\.path.parts) == [["Name"], ["Id"]])
        #expect(statement.ordering.map(\.descending) == [true, false])
        #expect(statement.ordering.map(\.nullsFirst) == [false, true])
        #expect(statement.limit == 5)
        #expect(statement.offset?.value == 10)
    }

    @Test func aSemiJoinKeepsItsInnerStatement() throws {
        let statement = try SOQLParser.parse(
            "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case WHERE Subject = 'x') LIMIT 2")
        guard case .test(let path, .semiJoin(let inner, let open, negated: true))? = statement.filter else {
            Issue.record("unexpected shape: \(String(describing: statement.filter))")
            return
        }
        #expect(path.parts == ["Id"])
        #expect(open.offset == 40 && open.keyword == "SELECT")
        #expect(inner.object.text == "Case")
        guard case .field(let selected, alias: nil) = inner.items.first, case .test(let subject, _)? = inner.filter
        else {
            Issue.record("unexpected inner statement")
            return
        }
        #expect(selected.parts == ["ContactId"] && subject.parts == ["Subject"])
        #expect(statement.limit == 2)
        // The inner SELECT takes no ORDER BY: the parser stops there.
        #expect(throws: SOQLError.self) {
            try SOQLParser.parse("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case LIMIT 1)")
        }
    }

    @Test func selectItemsOfEveryKind() throws {
        let items = try #require(
            SOQLParser.selectItems(
                of: "SELECT Name n, COUNT(Id), toLabel(Account.Name), (SELECT Id FROM Cases WHERE (IsClosed = false)), "
                    + "TYPEOF What WHEN Account THEN Phone, Name END FROM Task GROUP BY Name HAVING COUNT(Id) > 1"))
        #expect(items.count == 5)
        guard case .field(let path, alias: let alias?) = items[0] else {
            Issue.record("field")
            return
        }
        #expect(path.parts == ["Name"] && alias.text == "n")
        guard case .function(let count, _, let countArguments, let after, alias: nil) = items[1] else {
            Issue.record("COUNT")
            return
        }
        #expect(count.text == "COUNT" && countArguments.map(\.text) == ["Id"] && after.text == ",")
        guard case .function(_, _, let labelArguments, _, alias: nil) = items[2] else {
            Issue.record("toLabel")
            return
        }
        #expect(labelArguments.map(\.text) == ["Account", ".", "Name"])
        guard case .subquery(_, let inner) = items[3] else {
            Issue.record("subquery")
            return
        }
        #expect(inner.object.text == "Cases")
        guard case .typeOf(let subject) = items[4] else {
            Issue.record("TYPEOF")
            return
        }
        #expect(subject.text == "What")
    }

    @Test func groupByComesBetweenWhereAndOrderBy() throws {
        let statement = try SOQLParser.parse(
            "SELECT AccountId, COUNT(Id) n FROM Contact WHERE Email != null GROUP BY AccountId, Account.Name "
                + "ORDER BY AccountId LIMIT 3")
        #expect(statement.grouping.map(\.parts) == [["AccountId"], ["Account", "Name"]])
        #expect(statement.ordering.count == 1)
        #expect(statement.limit == 3)
        #expect(try SOQLParser.parse("SELECT Id FROM Contact").grouping.isEmpty)
    }

    @Test func theSelectListIsReadEvenWhenTheRestIsNotThisGrammar() {
        #expect(SOQLParser.selectItems(of: "SELECT Id FROM Contact WHERE Name = :name; -- *") != nil)
        #expect(SOQLParser.selectItems(of: "SELECT Id, Näme FROM Contact") == nil)
        #expect(SOQLParser.selectItems(of: "SELECT Id") == nil)
    }

    @Test(arguments: [
        ("", "SOQL statements cannot be empty or null"),
        ("SELECT Id FROM Contact LIMT 5", "unexpected token: 'LIMT'"),
        ("SELECT Id FROM Contact WHERE", "unexpected token: '<EOF>'"),
        ("SELECT Id FROM Contact WHERE Name LIKE 5", "unexpected token: '5'"),
        ("SELECT Id FROM Contact WHERE CreatedDate = LAST_N_DAYS", "unexpected token: '<EOF>'"),
        ("SELECT Id FROM Contact WHERE A = 'a' AND B = 'b' OR C = 'c'", "unexpected token: 'OR'"),
        ("SELECT Id FROM Contact LIMIT -1", "unexpected token: '-1'"),
        ("SELECT COUNT( FROM Contact", "unexpected token: '<EOF>'"),
        ("SELECT Id FROM Contact GROUP Id", "unexpected token: 'Id'"),
        ("SELECT Id FROM Contact GROUP BY", "unexpected token: '<EOF>'"),
        ("SELECT Id FROM Contact WHERE Name = 'a' #", "unexpected token: '#'"),
    ])
    func syntaxErrorsNeedNoSchema(soql: String, reason: String) {
        let error = #expect(throws: SOQLError.self) { try SOQLParser.parse(soql) }
        #expect(error?.errorCode == "MALFORMED_QUERY")
        #expect(error?.message.hasSuffix(reason) == true)
    }

    @Test func aValueIsAnyTokenUntilItsFieldsTypeIsKnown() throws {
        let statement = try SOQLParser.parse("SELECT Id FROM Contact WHERE Name =")
        guard case .test(_, .compare(.equal, let literal))? = statement.filter else {
            Issue.record("shape")
            return
        }
        #expect(literal.token.kind == .end)
    }
}

@Suite struct FieldLookupTests {
    enum Node: Equatable {
        case text(String)
        case record([String: Node])

        var fields: [String: Node]? {
            if case .record(let fields) = self { return fields }
            return nil
        }
    }

    static let record = Node.record([
        "Name": .text("Ann"), "name": .text("other spelling"),
        "Account": .record(["Name": .text("Acme")]), "Title": .text("CEO"),
    ])

    @Test func anExactKeyWinsThenCaseIsIgnored() {
        #expect(FieldLookup.value(at: ["name"], in: Self.record, fields: \.fields) == .text("other spelling"))
        #expect(FieldLookup.value(at: ["TITLE"], in: Self.record, fields: \.fields) == .text("CEO"))
        #expect(FieldLookup.value(at: ["account", "NAME"], in: Self.record, fields: \.fields) == .text("Acme"))
    }

    @Test func missingKeysAndNonRecordsGiveNil() {
        #expect(FieldLookup.value(at: ["Email"], in: Self.record, fields: \.fields) == nil)
        #expect(FieldLookup.value(at: ["Title", "Name"], in: Self.record, fields: \.fields) == nil)
        #expect(FieldLookup.value(at: [String](), in: Self.record, fields: \.fields) == Self.record)
    }

    @Test func onlyASCIILettersFold() {
        #expect(FieldLookup.keyMatches("Account__c", "ACCOUNT__C"))
        #expect(!FieldLookup.keyMatches("Ä", "ä"))
        #expect(!FieldLookup.keyMatches("Name", "Names"))
    }
}
