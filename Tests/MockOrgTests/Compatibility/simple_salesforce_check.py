"""Drives a running mock org with simple-salesforce, unchanged, and checks what it sees.

Usage: simple_salesforce_check.py INSTANCE_URL CONTACT_COUNT, the access token on standard input
(its first line: never in the command line, where the process list shows it).

The mock org serves https (`--tls`); requests trusts its CA through REQUESTS_CA_BUNDLE, as
for any org behind a private CA. Nothing in simple-salesforce or requests is patched or
configured here. Exits non-zero (with the reason) on the first mismatch.
"""

import sys
from datetime import datetime, timedelta, timezone

from simple_salesforce import Salesforce
from simple_salesforce.exceptions import (
    SalesforceExpiredSession,
    SalesforceMalformedRequest,
    SalesforceResourceNotFound,
)


def connect(instance_url, token):
    return Salesforce(instance_url=instance_url, session_id=token, version="66.0")


def expect(condition, message):
    if not condition:
        print(f"FAILED: {message}", file=sys.stderr)
        sys.exit(1)


def expect_raises(exception_type, action, message):
    try:
        action()
    except exception_type as error:
        return error
    except Exception as error:  # noqa: BLE001 - report the wrong type
        expect(False, f"{message}: raised {type(error).__name__} instead of {exception_type.__name__}")
    expect(False, f"{message}: nothing raised")


def main():
    instance_url, contact_count = sys.argv[1], int(sys.argv[2])
    token = sys.stdin.readline().strip()
    sf = connect(instance_url, token)

    # query_all with a batch size: every contact exactly once, across several pages.
    first_page = sf.query("SELECT Id FROM Contact", headers={"Sforce-Query-Options": "batchSize=500"})
    expect(len(first_page["records"]) == 500, f"first page has {len(first_page['records'])} records, not 500")
    expect(not first_page["done"] and "nextRecordsUrl" in first_page, "first page claims to be the last")
    result = sf.query_all(
        "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name",
        headers={"Sforce-Query-Options": "batchSize=500"},
    )
    ids = [record["Id"] for record in result["records"]]
    expect(len(ids) == contact_count, f"query_all returned {len(ids)} records, expected {contact_count}")
    expect(len(set(ids)) == len(ids), "query_all returned duplicates")
    expect(all(record["attributes"]["type"] == "Contact" for record in result["records"]), "bad attributes")

    # create, get, update, delete.
    created = sf.Contact.create({"FirstName": "Ingrid", "LastName": "Ødegaard 🚀", "Email": "ingrid@example.com"})
    expect(created["success"] is True and len(created["id"]) == 18, f"create returned {created}")
    new_id = created["id"]
    fetched = sf.Contact.get(new_id)
    expect(fetched["Name"] == "Ingrid Ødegaard 🚀", f"get returned name {fetched.get('Name')!r}")
    expect(sf.Contact.update(new_id, {"Title": "Skipper"}) == 204, "update did not return 204")
    expect(sf.Contact.get(new_id)["Title"] == "Skipper", "update was not applied")
    expect(sf.query(f"SELECT COUNT() FROM Contact")["totalSize"] == contact_count + 1, "count after create")
    expect(sf.Contact.delete(new_id) == 204, "delete did not return 204")

    # The exception types simple-salesforce maps from status codes.
    error = expect_raises(SalesforceResourceNotFound, lambda: sf.Contact.get(new_id), "get of a deleted contact")
    # In the Recycle Bin, as on Salesforce: ENTITY_IS_DELETED.
    expect(error.content[0]["errorCode"] == "ENTITY_IS_DELETED", f"404 content {error.content}")
    error = expect_raises(SalesforceResourceNotFound, lambda: sf.Contact.delete(new_id), "second delete")
    expect(error.content[0]["errorCode"] == "ENTITY_IS_DELETED", f"second delete content {error.content}")
    error = expect_raises(SalesforceMalformedRequest, lambda: sf.query("SELECT Foo FROM Contact"), "bad field")
    expect(error.content[0]["errorCode"] == "INVALID_FIELD", f"400 content {error.content}")
    with_cases = sf.query("SELECT ContactId FROM Case WHERE ContactId != null LIMIT 1")["records"][0]["ContactId"]
    error = expect_raises(SalesforceMalformedRequest, lambda: sf.Contact.delete(with_cases), "delete with cases")
    expect(error.content[0]["errorCode"] == "DELETE_FAILED", f"delete with cases content {error.content}")
    stale = connect(instance_url, "not-a-valid-token")
    error = expect_raises(SalesforceExpiredSession, lambda: stale.query("SELECT Id FROM Contact"), "bad token")
    expect(error.content[0]["errorCode"] == "INVALID_SESSION_ID", f"401 content {error.content}")

    # List views, read through restful() as from a real org.
    listed = sf.restful("sobjects/Contact/listviews")
    expect(listed["done"] is True and listed["nextRecordsUrl"] is None, f"list views page {listed}")
    views = {view["label"]: view for view in listed["listviews"]}
    expect("All Contacts" in views, f"list views {sorted(views)}")
    everyone = views["All Contacts"]
    expect(everyone["id"].startswith("00B") and len(everyone["id"]) == 18, f"list view id {everyone['id']}")
    expect(everyone["soqlCompatible"] is True, "All Contacts is not SOQL-compatible")
    described = sf.restful(f"sobjects/Contact/listviews/{everyone['id']}/describe")
    expect(described["id"] == everyone["id"] and described["sobjectType"] == "Contact", f"describe {described}")
    shown = [column["fieldNameOrPath"] for column in described["columns"] if not column["hidden"]]
    expect(shown[0] == "Name", f"shown columns {shown}")
    expect(len(sf.query_all(described["query"])["records"]) == contact_count, "the describe's query")
    results = sf.restful(f"sobjects/Contact/listviews/{everyone['id']}/results", params={"limit": 3, "offset": 1})
    expect(results["size"] == 3 and not results["done"], f"results {results['size']} {results['done']}")
    error = expect_raises(
        SalesforceResourceNotFound,
        lambda: sf.restful("sobjects/Contact/listviews/00B5g00000000zzAAA/describe"),
        "describe of an unknown list view",
    )
    expect(error.content[0]["errorCode"] == "NOT_FOUND", f"unknown list view content {error.content}")

    # The Recycle Bin: queryAll sees the deleted contact, query does not.
    soql = f"SELECT Id, IsDeleted FROM Contact WHERE Id = '{new_id}'"
    expect(sf.query_all(soql)["totalSize"] == 0, "query sees a deleted contact")
    everything = sf.query_all(soql, include_deleted=True)
    expect(everything["totalSize"] == 1, f"query_all(include_deleted=True) found {everything['totalSize']}")
    expect(everything["records"][0]["IsDeleted"] is True, "the deleted contact is not IsDeleted")
    paged = sf.query_all(
        "SELECT Id FROM Contact", include_deleted=True, headers={"Sforce-Query-Options": "batchSize=500"}
    )
    expect(paged["totalSize"] == contact_count + 1, f"queryAll paged {paged['totalSize']} records")
    expect(len(paged["records"]) == contact_count + 1, "queryAll did not page through every record")

    # Get Deleted and Get Updated, as a replication client calls them.
    now = datetime.now(timezone.utc)
    deleted = sf.Contact.deleted(now - timedelta(days=1), now + timedelta(minutes=5))
    expect([record["id"] for record in deleted["deletedRecords"]] == [new_id], f"deleted() returned {deleted}")
    expect(deleted["deletedRecords"][0]["deletedDate"].endswith("+0000"), "deletedDate is not a datetime")
    expect("earliestDateAvailable" in deleted and "latestDateCovered" in deleted, f"deleted() shape {deleted}")
    updated = sf.Contact.updated(now - timedelta(days=1), now + timedelta(minutes=5))
    expect(isinstance(updated["ids"], list) and "latestDateCovered" in updated, f"updated() shape {updated}")
    expect(new_id not in updated["ids"], "a deleted contact is listed as updated")
    edited = sf.query("SELECT Id FROM Contact LIMIT 1")["records"][0]["Id"]
    sf.Contact.update(edited, {"Title": "Replicated"})
    updated = sf.Contact.updated(now - timedelta(days=1), datetime.now(timezone.utc) + timedelta(minutes=5))
    expect(edited in updated["ids"], f"updated() misses the contact just edited: {updated}")
    error = expect_raises(
        SalesforceMalformedRequest, lambda: sf.Contact.updated(now - timedelta(days=40), now), "a window too old"
    )
    expect(error.content[0]["errorCode"] == "INVALID_REPLICATION_DATE", f"too old content {error.content}")

    print("simple-salesforce compatible")


if __name__ == "__main__":
    main()
