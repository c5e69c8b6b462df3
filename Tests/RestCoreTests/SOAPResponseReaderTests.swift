import Foundation
import RestCore
import Testing

/// The SOAP reader on hostile and broken answers: always a value, never a crash.
@Suite struct SOAPResponseReaderTests {
    static func read(_ text: String) -> Result<SOAPResponseReader.Reading, SOAPResponseReader.Failure> {
        SOAPResponseReader.read(Array(text.utf8))
    }

    @Test func resultsAndFaultsAreRead() throws {
        let results = Self.read(
            """
            <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns="urn:partner.soap.sforce.com">\
            <soapenv:Body><undeleteResponse><result><errors><fields>Id</fields><message>Entity is not in the recycle bin</message>\
            <statusCode>UNDELETE_FAILED</statusCode></errors><id/><success>false</success></result>\
            <result><id>003B</id><success>true</success></result></undeleteResponse></soapenv:Body></soapenv:Envelope>
            """)
        let expected: [UndeleteResult] = [
            UndeleteResult(
                id: nil, success: false,
                errors: [
                    SalesforceError(
                        message: "Entity is not in the recycle bin", errorCode: "UNDELETE_FAILED", fields: ["Id"])
                ]),
            UndeleteResult(id: "003B", success: true, errors: []),
        ]
        #expect(try results.get() == .results(expected))
        let fault = Self.read(
            """
            <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body><soapenv:Fault>\
            <faultcode>soapenv:Client</faultcode><faultstring>No operation available</faultstring></soapenv:Fault>\
            </soapenv:Body></soapenv:Envelope>
            """)
        guard case .success(.fault(let read)) = fault else {
            Issue.record("no fault read: \(fault)")
            return
        }
        #expect(read.code == "Client" && read.faultString == "No operation available")
    }

    /// What the fuzzer found: a byte that is not UTF-8 inside an element's name.
    @Test func bytesThatAreNotUTF8AreAFailure() {
        var bytes = Array(
            #"<soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/"><soapenv:Body>"#.utf8)
        bytes[bytes.count - 3] = 0xDA
        bytes += Array("<x/></soapenv:Body></soapenv:Envelope>".utf8)
        guard case .failure = SOAPResponseReader.read(bytes) else {
            Issue.record("read as a SOAP answer")
            return
        }
    }

    @Test(arguments: [
        "", "not xml", "<a><b></a>", "<Envelope>", "{\"json\":true}",
        #"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]><x>&b;</x>"#,
        String(repeating: "<a>", count: 100_000),
        "<soapenv:Envelope xmlns:soapenv=\"http://schemas.xmlsoap.org/soap/envelope/\"><soapenv:Body><x><result><id>"
            + String(repeating: "9", count: 100_000) + "</id></result></x></soapenv:Body></soapenv:Envelope>",
    ])
    func hostileAnswersAreFailuresNotCrashes(text: String) {
        guard case .failure(let failure) = Self.read(text) else {
            Issue.record("read as a SOAP answer: \(text.prefix(60))")
            return
        }
        #expect(failure.description.hasSuffix("."))
    }
}
