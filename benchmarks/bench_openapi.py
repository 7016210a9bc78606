"""Seconds to load an OpenAPI description, cold and warm, at GitHub's size and at
Microsoft Graph's, and milliseconds to search, complete and pick a route in the largest.

Usage: python benchmarks/bench_openapi.py [--rt]

Bars (issue 15, "Speed at any size"): a cold load of GitHub's description (13 MB, 1,223
operations) <= 1.5 s; a warm one (from the compiled cache) <= 50 ms; at 20,000
operations, loads without a visible stall (the figures are printed) and a key in the
route picker <= 10 ms.

- GitHub's description: ``@octokit/openapi`` 23.0.2's ``api.github.com.json``, fetched
  with npm once by tests/registry.py (pinned and checksummed, kept in its cache).
- "cold": ``catalog.load(path)`` timed inside a fresh process whose ``$RESTROUTE_CACHE`` is
  an empty folder; it includes the modules a first load imports (``restroute.catalog``'s
  own import is counted apart, with the process's start: from spawning it to its first
  line). The floor: ``json.load`` of the same file in a fresh process, right after each
  load (the ratio is taken run by run: the machine's drift slows both). Where the time goes
  is printed too: the description read and modelled (``_openapi.read``), the cache looked
  up (the file's SHA-256) and written. The processes keep their bytecode in a folder of
  their own (PYTHONPYCACHEPREFIX), compiled once as an installed package's is; one load
  before the counted ones warms it and the page cache.
- "warm": the same, the cache filled by a first load: the stat index, the entry read and
  its operations built.
- A made-up description of 20,000 operations, the size of Microsoft Graph's (47 MB,
  22,000 operations), written to a temporary folder as JSON indented by one space (46 MB;
  indented by two it is 57 MB): Graph's shapes (nested paths with
  ``{user-id}``, ``$count``, ``microsoft.graph.*`` actions and functions, ``$ref``'d
  shared query and header parameters, ``$select``/``$expand``/``$orderby`` enums, entity
  schemas in ``allOf`` with nested complex types). Its cold and warm loads, as above;
  ``search()`` for every prefix of a few queries as they are typed (the first search,
  which builds the index, on its own), median and p95; ``complete()`` per keystroke.
- The route picker on it: ``RoutePicker`` opened by F2 in ``make_app()``'s explorer
  (headless, 140x40) once ``session.use_catalog`` has the catalog, the queries typed a key
  every 30 ms, as key events: from each key to the first frame that repaints the list (or
  the field, when the list does not change), as bench_explorer.py measures it.
- YAML: GitHub's description dumped once as YAML (9.9 MB), parsed in a fresh process by
  PyYAML's ``CSafeLoader`` (what restroute uses) and by ruamel.yaml's ``YAML(typ="safe")``
  (its C parser when ruamel.yaml.clib is installed), in turn, and their ratio run by run;
  ``typ="rt"`` (about 45 s a load) only with ``--rt``. Also restroute's cold load of that
  YAML.
- The size of the compiled cache entry of each description.

This machine's speed drifts (it may halve for a while): each figure is the median of
several runs, with their spread (min-max).
"""

from __future__ import annotations

import asyncio
import importlib
import importlib.util
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # tests.registry: the pinned @octokit/openapi

from restroute import catalog  # noqa: E402
from restroute.catalog import Catalog  # noqa: E402

OPERATIONS = 20_000
DEPTH = 6  # navigations from a root: the breadth-first walk stops at 20,000 operations first
COLD_RUNS, WARM_RUNS, YAML_RUNS = 5, 7, 3
SEARCH_ROUNDS, COMPLETE_ROUNDS, PICKER_ROUNDS = 5, 5, 3
# What a person looks for in Microsoft Graph; the last one misspelt (each word skips
# letters: the slow path of search, over every operation's id).
QUERIES = [
    "list messages",
    "send mail",
    "create event",
    "get user",
    "delete attachment",
    "drive item children",
    "update calendar",
    "group members",
    "crate evnt",
]
PICKER_QUERIES = ["list messages", "create event", "drive item children", "send mail"]

PYCACHE = [os.path.join(tempfile.gettempdir(), "bench-openapi-pycache")]  # main() sets it
# A fresh process: its start (monotonic, comparable with the parent's), the import of
# restroute.catalog, then catalog.load(argv[1]) with its parts timed.
CHILD = r"""
import json, sys, time
started = time.monotonic()
t0 = time.perf_counter()
from restroute import catalog
t1 = time.perf_counter()
from restroute.catalog import _cache
spent = {}
def timed(module, name):
    function = getattr(module, name)
    def wrapper(*args):
        start = time.perf_counter()
        try:
            return function(*args)
        finally:
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - start
    setattr(module, name, wrapper)
for name in ("cached", "keep", "digest", "_described"):
    timed(_cache, name)
if sys.argv[2] == "cold":  # a warm load never imports the reader: neither does its timing
    from restroute.catalog import _openapi
    timed(_openapi, "read")
t2 = time.perf_counter()
api = catalog.load(sys.argv[1])
t3 = time.perf_counter()
print(json.dumps({"started": started, "import": t1 - t0, "lazy": t2 - t1, "load": t3 - t2,
                  "operations": len(api.operations), **spent}))
"""
JSON_FLOOR = r"""
import json, sys, time
start = time.perf_counter()
with open(sys.argv[1], "rb") as file:
    json.load(file)
print(time.perf_counter() - start)
"""
YAML_CHILD = r"""
import sys, time
loader = sys.argv[2]
with open(sys.argv[1], encoding="utf-8") as file:
    text = file.read()
if loader == "pyyaml":
    import yaml
    start = time.perf_counter()
    yaml.load(text, Loader=yaml.CSafeLoader)
else:
    from ruamel.yaml import YAML
    start = time.perf_counter()
    YAML(typ=loader).load(text)
print(time.perf_counter() - start)
"""


# ---------------------------------------------------------------- figures


def spread(values: list[float], unit: float = 1.0, name: str = "s", digits: int = 3) -> str:
    """``0.512 s (0.498-0.560, 5 runs)``: the median and the range."""
    scaled = [v * unit for v in values]
    return (
        f"{statistics.median(scaled):.{digits}f} {name} "
        f"({min(scaled):.{digits}f}-{max(scaled):.{digits}f}, {len(scaled)} runs)"
    )


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def met(value: float, bar: float) -> str:
    return "met" if value <= bar else "NOT MET"


def python(code: str, *args: str, cache: str | None = None) -> tuple[str, float]:
    """What ``code`` prints in a fresh interpreter, and the monotonic time it was spawned.

    Its modules' bytecode is kept in a folder of its own (PYTHONPYCACHEPREFIX), never the
    repository's: compiled once, as an installed package's is, whatever
    PYTHONDONTWRITEBYTECODE says (with it, and sources edited since their last .pyc, every
    process would compile restroute's modules anew, 30 ms more on a warm load)."""
    environment = dict(os.environ)
    environment.pop("PYTHONDONTWRITEBYTECODE", None)
    environment["PYTHONPYCACHEPREFIX"] = PYCACHE[0]
    if cache is not None:
        environment["RESTROUTE_CACHE"] = cache
    spawned = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        check=True,
        env=environment,
    )
    return done.stdout, spawned


def child_load(path: Path, cache: str, kind: str) -> dict[str, float]:
    """catalog.load(path) in a fresh process, ``kind`` "cold" or "warm": its figures
    (seconds), and ``start``."""
    out, spawned = python(CHILD, str(path), kind, cache=cache)
    figures: dict[str, float] = json.loads(out)
    figures["start"] = figures["started"] - spawned
    figures["total"] = figures["lazy"] + figures["load"]  # a first load's imports included
    return figures


def load_figures(
    path: Path, runs: int, warm_runs: int, cache: Path
) -> dict[str, list[dict[str, float]]]:
    """``runs`` cold loads (an empty cache each) and ``warm_runs`` warm ones from ``cache``,
    filled by a first load (and kept); after one load not counted (the file in the page
    cache, the bytecode compiled)."""
    cold = []
    for _ in range(runs + 1):
        with tempfile.TemporaryDirectory(prefix="bench-cache-") as empty:
            cold.append(child_load(path, empty, "cold"))
        # json.load's floor right after, so that the ratio of each pair is a fair one
        cold[-1]["floor"] = float(python(JSON_FLOOR, str(path))[0])
    del cold[0]
    child_load(path, str(cache), "cold")
    warm = [child_load(path, str(cache), "warm") for _ in range(warm_runs)]
    return {"cold": cold, "warm": warm}


def entry_size(cache: Path) -> int:
    """Bytes of the compiled entries in a cache folder (one description's)."""
    return sum(f.stat().st_size for f in cache.iterdir() if f.name != "stat-index.json")


def print_loads(
    what: str,
    figures: dict[str, list[dict[str, float]]],
    cold_bar: float | None,
    warm_bar: float | None,
) -> None:
    """The loads' figures, and where their time goes (medians)."""
    cold, warm = figures["cold"], figures["warm"]

    def column(runs: list[dict[str, float]], *keys: str) -> list[float]:
        """Per run: the first key's figure less the others'."""
        return [run.get(keys[0], 0.0) - sum(run.get(k, 0.0) for k in keys[1:]) for run in runs]

    def parts(runs: list[dict[str, float]], unit: float, *named: tuple[str, list[str]]) -> str:
        digits, name = (3, "s") if unit == 1 else (1, "ms")
        return ", ".join(
            f"{part} {statistics.median(column(runs, *keys)) * unit:.{digits}f} {name}"
            for part, keys in named
        )

    total = column(cold, "total")
    middle = statistics.median(total)
    bar = f"  (bar {cold_bar} s: {met(middle, cold_bar)})" if cold_bar else ""
    print(f"{what}: {int(cold[0]['operations']):,} operations")
    print(f"  cold load (fresh process, empty cache):   {spread(total)}{bar}")
    floor = column(cold, "floor")
    ratios = [load / least for load, least in zip(total, floor, strict=True)]
    print(f"  json.load of the file (fresh process):    {spread(floor)}")
    print(
        f"    load / json.load, run by run: median {statistics.median(ratios):.1f}x "
        f"({min(ratios):.1f}-{max(ratios):.1f})"
    )
    cold_parts = parts(
        cold, 1, ("modules imported", ["lazy"]), ("read and modelled", ["read"]),
        ("the file's SHA-256", ["cached"]), ("cache written", ["keep"]),
        ("other", ["total", "lazy", "read", "cached", "keep"]),
    )  # fmt: skip
    print(f"    of which: {cold_parts}")
    warm_total = column(warm, "total")
    middle = statistics.median(warm_total)
    bar = f"  (bar {warm_bar * 1000:.0f} ms: {met(middle, warm_bar)})" if warm_bar else ""
    print(f"  warm load (fresh process, cache filled): {spread(warm_total, 1000, 'ms', 1)}{bar}")
    warm_parts = parts(
        warm, 1000, ("modules imported", ["lazy"]), ("stat index", ["digest"]),
        ("entry read and parsed", ["cached", "digest", "_described"]),
        ("operations built", ["_described"]), ("other", ["total", "lazy", "cached"]),
    )  # fmt: skip
    print(f"    of which: {warm_parts}")
    start, imported = column(cold + warm, "start"), column(cold + warm, "import")
    print(f"  process start to its first line:          {spread(start, 1000, 'ms', 1)}")
    print(f"  import restroute.catalog:                 {spread(imported, 1000, 'ms', 1)}")


# ---------------------------------------------------------------- GitHub's description


def github_description() -> Path | None:
    """api.github.com.json from @octokit/openapi 23.0.2 (tests/registry.py), or None."""
    import pytest
    from tests.registry import OCTOKIT_OPENAPI, fetch

    try:
        return fetch(OCTOKIT_OPENAPI) / "package" / "generated" / "api.github.com.json"
    except (pytest.skip.Exception, pytest.fail.Exception) as why:
        print(f"GitHub's description is not available: {why}")
        return None


# ---------------------------------------------------------------- a Graph-sized description

# Each entity's navigations, each a collection of another entity (NAME:ENTITY); most
# are Graph's own.
NAVIGATIONS = {
    "user": (
        "messages:message mailFolders:mailFolder events:event calendars:calendar "
        "calendarGroups:calendarGroup contacts:contact contactFolders:contactFolder drives:drive "
        "memberOf:directoryObject ownedDevices:directoryObject registeredDevices:directoryObject "
        "photos:profilePhoto extensions:extension notebooks:notebook todoLists:todoTaskList "
        "plannerTasks:plannerTask joinedTeams:team chats:chat onlineMeetings:onlineMeeting "
        "authenticationMethods:authenticationMethod managedDevices:managedDevice "
        "insightsTrending:trending"
    ),
    "group": (
        "members:directoryObject owners:directoryObject events:event calendarView:event "
        "threads:conversationThread conversations:conversation drives:drive sites:site "
        "photos:profilePhoto extensions:extension acceptedSenders:directoryObject "
        "plannerPlans:plannerPlan settings:groupSetting notebooks:notebook"
    ),
    "message": (
        "attachments:attachment extensions:extension mentions:mention "
        "singleValueExtendedProperties:extendedProperty"
    ),
    "mailFolder": (
        "messages:message childFolders:mailFolder messageRules:messageRule "
        "singleValueExtendedProperties:extendedProperty"
    ),
    "event": (
        "attachments:attachment instances:event extensions:extension exceptionOccurrences:event"
    ),
    "calendar": "events:event calendarView:event calendarPermissions:calendarPermission",
    "calendarGroup": "calendars:calendar",
    "contact": "extensions:extension photos:profilePhoto",
    "contactFolder": "contacts:contact childFolders:contactFolder",
    "drive": "items:driveItem following:driveItem special:driveItem bundles:driveItem",
    "driveItem": (
        "children:driveItem permissions:permission versions:driveItemVersion "
        "thumbnails:thumbnailSet subscriptions:subscription workbookWorksheets:workbookWorksheet"
    ),
    "site": (
        "lists:list drives:drive columns:columnDefinition contentTypes:contentType pages:sitePage "
        "sites:site termStores:termStore permissions:permission"
    ),
    "list": (
        "items:listItem columns:columnDefinition contentTypes:contentType "
        "subscriptions:subscription"
    ),
    "listItem": "versions:listItemVersion documentSetVersions:listItemVersion",
    "contentType": "columns:columnDefinition baseTypes:contentType",
    "team": (
        "channels:channel members:conversationMember installedApps:teamsAppInstallation "
        "operations:teamsAsyncOperation tags:teamworkTag schedules:schedule"
    ),
    "channel": (
        "messages:chatMessage tabs:teamsTab members:conversationMember "
        "sharedWithTeams:sharedWithChannelTeamInfo"
    ),
    "chat": (
        "messages:chatMessage members:conversationMember tabs:teamsTab "
        "installedApps:teamsAppInstallation pinnedMessages:pinnedChatMessageInfo"
    ),
    "chatMessage": "replies:chatMessage hostedContents:chatMessageHostedContent",
    "conversation": "threads:conversationThread",
    "conversationThread": "posts:post",
    "post": "attachments:attachment extensions:extension",
    "notebook": "sections:onenoteSection sectionGroups:sectionGroup",
    "sectionGroup": "sections:onenoteSection sectionGroups:sectionGroup",
    "onenoteSection": "pages:onenotePage",
    "todoTaskList": "tasks:todoTask extensions:extension",
    "todoTask": (
        "attachments:attachment checklistItems:checklistItem linkedResources:linkedResource"
    ),
    "plannerPlan": "buckets:plannerBucket tasks:plannerTask",
    "plannerBucket": "tasks:plannerTask",
    "onlineMeeting": (
        "attendanceReports:meetingAttendanceReport transcripts:callTranscript "
        "recordings:callRecording"
    ),
    "meetingAttendanceReport": "attendanceRecords:attendanceRecord",
    "workbookWorksheet": (
        "charts:workbookChart tables:workbookTable names:workbookNamedItem "
        "pivotTables:workbookPivotTable"
    ),
    "workbookTable": "columns:workbookTableColumn rows:workbookTableRow",
    "workbookChart": "series:workbookChartSeries",
    "termStore": "groups:termGroup sets:termSet",
    "termGroup": "sets:termSet",
    "termSet": "terms:term children:term",
    "term": "children:term relations:termRelation",
    "schedule": "shifts:shift timeOffRequests:timeOffRequest",
    "managedDevice": "deviceCompliancePolicyStates:deviceCompliancePolicyState",
    "application": (
        "owners:directoryObject extensionProperties:extensionProperty "
        "federatedIdentityCredentials:federatedIdentityCredential "
        "tokenIssuancePolicies:tokenIssuancePolicy"
    ),
    "servicePrincipal": (
        "appRoleAssignments:appRoleAssignment owners:directoryObject "
        "oauth2PermissionGrants:oAuth2PermissionGrant memberOf:directoryObject "
        "claimsMappingPolicies:claimsMappingPolicy"
    ),
    "device": "memberOf:directoryObject registeredOwners:directoryObject",
    "printer": "jobs:printJob shares:printerShare",
    "printJob": "documents:printDocument tasks:printTask",
    "educationClass": (
        "assignments:educationAssignment members:educationUser schools:educationSchool"
    ),
    "educationAssignment": (
        "submissions:educationSubmission resources:educationAssignmentResource "
        "rubric:educationRubric"
    ),
    "educationSchool": "classes:educationClass users:educationUser",
    "educationUser": (
        "assignments:educationAssignment classes:educationClass rubrics:educationRubric"
    ),
    "accessReviewScheduleDefinition": "instances:accessReviewInstance",
    "accessReviewInstance": (
        "decisions:accessReviewInstanceDecisionItem stages:accessReviewStage "
        "contactedReviewers:accessReviewReviewer"
    ),
    "accessReviewStage": "decisions:accessReviewInstanceDecisionItem",
    "accessPackage": (
        "assignmentPolicies:accessPackageAssignmentPolicy "
        "resourceRoleScopes:accessPackageResourceRoleScope incompatibleGroups:group"
    ),
    "deviceConfiguration": (
        "assignments:deviceConfigurationAssignment deviceStatuses:deviceConfigurationDeviceStatus "
        "userStatuses:deviceConfigurationUserStatus"
    ),
    "incident": "alerts:alert",
    "alert": "comments:alertComment evidence:alertEvidence",
    "bookingBusiness": (
        "appointments:bookingAppointment customers:bookingCustomer services:bookingService "
        "staffMembers:bookingStaffMember calendarView:bookingAppointment "
        "customQuestions:bookingCustomQuestion"
    ),
    "call": (
        "participants:participant operations:commsOperation audioRoutingGroups:audioRoutingGroup "
        "contentSharingSessions:contentSharingSession"
    ),
    "learningProvider": (
        "learningContents:learningContent learningCourseActivities:learningCourseActivity"
    ),
    "serviceUpdateMessage": "attachments:serviceAnnouncementAttachment",
    "orgContact": "memberOf:directoryObject directReports:directoryObject",
    "domain": (
        "domainNameReferences:directoryObject serviceConfigurationRecords:domainDnsRecord "
        "verificationDnsRecords:domainDnsRecord"
    ),
    "fileStorageContainer": "drives:drive permissions:permission",
    "sharedDriveItem": "items:driveItem permission:permission lists:list",
    "directoryRole": "members:directoryObject scopedMembers:scopedRoleMembership",
    "riskyUser": "history:riskyUserHistoryItem",
    "deletedTeam": "channels:channel",
    "teamsApp": "appDefinitions:teamsAppDefinition",
    "virtualEventWebinar": (
        "sessions:virtualEventSession registrations:virtualEventRegistration "
        "presenters:virtualEventPresenter"
    ),
    "virtualEventSession": "attendanceReports:meetingAttendanceReport",
    "printerShare": "allowedGroups:group allowedUsers:user jobs:printJob",
    "educationSubmission": "outcomes:educationOutcome resources:educationSubmissionResource",
}
# The collections at the top, PATH:ENTITY.
ROOTS = (
    "users:user me:user groups:group sites:site drives:drive teams:team chats:chat "
    "applications:application servicePrincipals:servicePrincipal devices:device printers:printer "
    "educationClasses:educationClass termStores:termStore plannerPlans:plannerPlan "
    "onlineMeetings:onlineMeeting print/printers:printer print/shares:printerShare "
    "education/classes:educationClass education/schools:educationSchool "
    "education/users:educationUser sites/root/lists:list "
    "identity/conditionalAccess/policies:conditionalAccessPolicy "
    "identityGovernance/accessReviews/definitions:accessReviewScheduleDefinition "
    "identityGovernance/entitlementManagement/accessPackages:accessPackage "
    "deviceManagement/managedDevices:managedDevice "
    "deviceManagement/deviceConfigurations:deviceConfiguration security/alerts_v2:alert "
    "security/incidents:incident solutions/bookingBusinesses:bookingBusiness "
    "communications/calls:call employeeExperience/learningProviders:learningProvider "
    "admin/serviceAnnouncement/messages:serviceUpdateMessage "
    "directory/deletedItems:directoryObject contacts:orgContact subscriptions:subscription "
    "places:place domains:domain planner/tasks:plannerTask planner/buckets:plannerBucket "
    "education/me/assignments:educationAssignment communications/onlineMeetings:onlineMeeting "
    "storage/fileStorage/containers:fileStorageContainer shares:sharedDriveItem "
    "directoryRoles:directoryRole identityProtection/riskyUsers:riskyUser "
    "teamwork/deletedTeams:deletedTeam appCatalogs/teamsApps:teamsApp "
    "solutions/virtualEvents/webinars:virtualEventWebinar"
)
# Actions (POST) bound to an entity, as Graph's microsoft.graph.*, and functions (GET).
ACTIONS = {
    "message": "forward reply replyAll move copy send createReply",
    "event": "accept decline tentativelyAccept cancel forward snoozeReminder",
    "user": "sendMail assignLicense changePassword getMemberGroups revokeSignInSessions",
    "driveItem": "copy createLink invite preview checkin checkout restore",
    "mailFolder": "copy move",
    "group": "addFavorite subscribeByMail renew validateProperties",
    "chatMessage": "softDelete undoSoftDelete setReaction unsetReaction",
    "team": "archive unarchive clone sendActivityNotification",
    "channel": "completeMigration provisionEmail removeEmail",
    "plannerTask": "assign complete",
    "printJob": "start cancel abort redirect",
    "educationSubmission": "submit unsubmit return reassign",
    "educationAssignment": "publish setUpFeedbackResourcesFolder",
}
FUNCTIONS = ("delta()", "getByIds()", "validateProperties()")
PROPERTY_NAMES = (
    "displayName description createdDateTime lastModifiedDateTime subject importance isRead "
    "categories webUrl status priority percentComplete startDateTime endDateTime dueDateTime "
    "title name size contentType isDraft isHidden sensitivity changeKey etag version visibility "
    "mail mailNickname jobTitle department officeLocation mobilePhone preferredLanguage "
    "userPrincipalName accountEnabled usageLocation state city country postalCode "
    "hasAttachments conversationId internetMessageId parentFolderId bodyPreview "
    "inferenceClassification webLink isOnlineMeeting onlineMeetingUrl allowNewTimeProposals "
    "responseRequested seriesMasterId showAs type reminderMinutesBeforeStart isReminderOn "
    "hideAttendees transactionId orderHint assigneePriority checklistItemCount referenceCount "
    "deletedDateTime expirationDateTime renewedDateTime securityEnabled mailEnabled "
    "membershipRule classification theme isArchived tenantId summary quota driveType cTag eTag "
    "weight sequence locale"
)
# Complex types: FIELD:TYPE, a JSON type, a date, another complex type or an enum.
COMPLEX = {
    "itemBody": "content:string contentType:bodyType",
    "emailAddress": "name:string address:string",
    "recipient": "emailAddress:emailAddress",
    "dateTimeTimeZone": "dateTime:string timeZone:string",
    "physicalAddress": (
        "street:string city:string state:string countryOrRegion:string postalCode:string"
    ),
    "outlookGeoCoordinates": (
        "latitude:number longitude:number altitude:number accuracy:number altitudeAccuracy:number"
    ),
    "location": (
        "displayName:string locationEmailAddress:string locationUri:string "
        "address:physicalAddress coordinates:outlookGeoCoordinates uniqueId:string"
    ),
    "identity": "displayName:string id:string",
    "identitySet": "application:identity device:identity user:identity",
    "recurrencePattern": (
        "type:string interval:integer month:integer dayOfMonth:integer firstDayOfWeek:string "
        "index:string"
    ),
    "recurrenceRange": (
        "type:string startDate:date endDate:date recurrenceTimeZone:string "
        "numberOfOccurrences:integer"
    ),
    "patternedRecurrence": "pattern:recurrencePattern range:recurrenceRange",
    "followupFlag": (
        "completedDateTime:dateTimeTimeZone dueDateTime:dateTimeTimeZone flagStatus:string "
        "startDateTime:dateTimeTimeZone"
    ),
    "internetMessageHeader": "name:string value:string",
    "quota": "deleted:integer remaining:integer state:string total:integer used:integer",
    "sharingLink": (
        "application:identity preventsDownload:boolean scope:string type:string webHtml:string "
        "webUrl:string"
    ),
    "publicationFacet": "level:string versionId:string",
}
ENUMS = {
    "bodyType": ["text", "html"],
    "importance": ["low", "normal", "high"],
    "sensitivity": ["normal", "personal", "private", "confidential"],
    "status": ["notStarted", "inProgress", "completed", "waitingOnOthers", "deferred"],
}
# The words of made-up documentation.
WORDS = (
    "the a of to and in for is that on with as by this can be or from an are not when object "
    "property value resource request response signed-in user mailbox tenant default returns "
    "specified collection relationship properties include use filter select organization "
    "application permission delegated only supports query parameters customize national cloud "
    "deployments available following read-only nullable unique identifier time date format ISO "
    "UTC represented always example midnight January"
)
NATIONAL = "This API is available in the following national cloud deployments."
ERROR = "#/components/responses/error"


def pairs(text: str) -> list[tuple[str, str]]:
    """``"messages:message events:event"`` as [("messages", "message"), ("events", "event")]."""
    return [(name, kind) for name, _, kind in (word.partition(":") for word in text.split())]


def navigations(entity: str) -> list[tuple[str, str]]:
    return pairs(NAVIGATIONS.get(entity, ""))


def prose(rng: random.Random, low: int, high: int) -> str:
    """A sentence or two of API documentation's words."""
    words = rng.choices(WORDS.split(), k=rng.randint(low, high))
    return words[0].capitalize() + " " + " ".join(words[1:]) + "."


def upper(name: str) -> str:
    return name[:1].upper() + name[1:]


def graph_like(operations: int = OPERATIONS, seed: int = 15) -> dict[str, Any]:
    """An OpenAPI 3.0 description of ``operations`` operations shaped as Microsoft Graph's."""
    rng = random.Random(seed)
    entities = sorted(
        {e for navs in NAVIGATIONS.values() for _, e in pairs(navs)} | {e for _, e in pairs(ROOTS)}
    )
    schemas: dict[str, Any] = {}
    props_of: dict[str, list[str]] = {}
    complex_types = sorted(COMPLEX)
    for entity in entities:
        own = [*rng.sample(PROPERTY_NAMES.split(), rng.randint(6, 14)), f"{entity}Kind"]
        props_of[entity] = own
        properties: dict[str, Any] = {}
        for name in own:
            properties[name] = _property(rng, name, complex_types)
        for nav, target in navigations(entity):
            properties[nav] = {
                "type": "array",
                "items": {"$ref": f"#/components/schemas/microsoft.graph.{target}"},
                "description": f"The {nav} of the {entity}. {prose(rng, 8, 20)}",
                "x-ms-navigationProperty": True,
            }
        schemas[f"microsoft.graph.{entity}"] = {
            "allOf": [
                {"$ref": "#/components/schemas/microsoft.graph.entity"},
                {
                    "title": entity,
                    "type": "object",
                    "properties": properties,
                    "additionalProperties": {"type": "object"},
                },
            ]
        }
        schemas[f"microsoft.graph.{entity}CollectionResponse"] = {
            "title": f"Collection of {entity}",
            "type": "object",
            "allOf": [{"$ref": "#/components/schemas/BaseCollectionPaginationCountResponse"}],
            "properties": {
                "value": {
                    "type": "array",
                    "items": {"$ref": f"#/components/schemas/microsoft.graph.{entity}"},
                }
            },
        }
    for name, fields in COMPLEX.items():
        schemas[f"microsoft.graph.{name}"] = {
            "title": name,
            "type": "object",
            "properties": {
                field: _typed(kind, prose(rng, 10, 30)) for field, kind in pairs(fields)
            },
            "additionalProperties": {"type": "object"},
        }
    for name, values in ENUMS.items():
        schemas[f"microsoft.graph.{name}"] = {"title": name, "enum": values, "type": "string"}
    schemas["microsoft.graph.entity"] = {
        "title": "entity",
        "type": "object",
        "properties": {"id": {"type": "string", "description": "The unique identifier."}},
    }
    schemas["BaseCollectionPaginationCountResponse"] = {
        "title": "Base collection pagination and count responses",
        "type": "object",
        "properties": {
            "@odata.count": {"type": "integer", "format": "int64", "nullable": True},
            "@odata.nextLink": {"type": "string", "nullable": True},
        },
    }
    schemas["microsoft.graph.ODataErrors.ODataError"] = {
        "required": ["error"],
        "type": "object",
        "properties": {
            "error": {
                "type": "object",
                "properties": {
                    "code": {"type": "string"},
                    "message": {"type": "string"},
                    "target": {"type": "string", "nullable": True},
                },
            }
        },
    }

    paths: dict[str, Any] = {}
    count = 0
    # Breadth first from the roots: (path, the chain of names, entity, depth, keys used).
    queue: list[tuple[str, tuple[str, ...], str, int, tuple[str, ...]]] = [
        (f"/{name}", tuple(name.split("/")), entity, 1, ()) for name, entity in pairs(ROOTS)
    ]
    while queue and count < operations:
        path, chain, entity, depth, keys = queue.pop(0)
        if path in paths:  # a root that is also another's navigation
            continue
        added = _resource(rng, paths, path, chain, entity, keys, props_of)
        count += added
        key = f"{entity}-id"
        if key in keys:
            key = f"{entity}-id{sum(k.startswith(key) for k in keys)}"
        if depth < DEPTH:
            for nav, target in navigations(entity):
                queue.append(
                    (f"{path}/{{{key}}}/{nav}", (*chain, nav), target, depth + 1, (*keys, key))
                )
    _trim(paths, count - operations)
    return {
        "openapi": "3.0.4",
        "info": {
            "title": "OData Service for namespace microsoft.graph",
            "description": "A generated description of Graph's size and shapes "
            "(benchmarks/bench_openapi.py).",
            "version": "v1.0",
        },
        "servers": [{"url": "https://graph.microsoft.com/v1.0"}],
        "paths": paths,
        "components": {
            "schemas": schemas,
            "responses": _responses(entities),
            "parameters": _shared_parameters(),
            "securitySchemes": {
                "azureaadv2": {
                    "type": "oauth2",
                    "flows": {
                        "authorizationCode": {
                            "authorizationUrl": "https://login.microsoftonline.com/common/oauth2/v2.0/authorize",
                            "tokenUrl": "https://login.microsoftonline.com/common/oauth2/v2.0/token",
                            "scopes": {},
                        }
                    },
                }
            },
        },
        "security": [{"azureaadv2": []}],
    }


def _typed(kind: str, description: str) -> dict[str, Any]:
    """A property's schema: a JSON type, a date, or a $ref to a complex type or enum."""
    if kind in ("string", "integer", "number", "boolean"):
        schema: dict[str, Any] = {"type": kind}
        if kind == "integer":
            schema["format"] = "int32"
    elif kind == "date":
        schema = {"pattern": r"^[0-9]{4,}-[0-9]{2}-[0-9]{2}$", "type": "string", "format": "date"}
    else:
        schema = {
            "anyOf": [
                {"$ref": f"#/components/schemas/microsoft.graph.{kind}"},
                {"type": "object", "nullable": True},
            ]
        }
    schema["description"] = description
    return schema


def _property(rng: random.Random, name: str, complex_types: list[str]) -> dict[str, Any]:
    """An entity's property: mostly plain values, some complex types and enums, nested."""
    description = f"The {name} of the resource. {prose(rng, 12, 40)}"
    if name.endswith("DateTime"):
        return {
            "pattern": r"^[0-9]{4,}-(0[1-9]|1[012])-(0[1-9]|[12][0-9]|3[01])T([01][0-9]|2[0-3])"
            r":[0-5][0-9]:[0-5][0-9]([.][0-9]{1,12})?(Z|[+-][0-9][0-9]:[0-9][0-9])$",
            "type": "string",
            "format": "date-time",
            "nullable": True,
            "description": description,
        }
    if name in ENUMS:
        return _typed(name, description)
    roll = rng.random()
    if roll < 0.15:
        return _typed(rng.choice(complex_types), description)
    if roll < 0.22:
        return {
            "type": "array",
            "items": {"$ref": f"#/components/schemas/microsoft.graph.{rng.choice(complex_types)}"},
            "description": description,
        }
    if roll < 0.3:
        return {
            "type": "array",
            "items": {"type": "string", "nullable": True},
            "description": description,
        }
    if name.startswith(("is", "has", "allow", "show", "hide")) or name.endswith("Enabled"):
        return {"type": "boolean", "nullable": True, "description": description}
    if name.endswith(("Count", "Minutes", "size", "Size", "weight", "sequence")):
        return {"type": "integer", "format": "int32", "nullable": True, "description": description}
    return {"type": "string", "nullable": True, "description": description}


def _resource(
    rng: random.Random,
    paths: dict[str, Any],
    path: str,
    chain: tuple[str, ...],
    entity: str,
    keys: tuple[str, ...],
    props_of: dict[str, list[str]],
) -> int:
    """The paths of one collection (list, create, $count, an item's get, update and delete,
    its actions, a function): the number of operations added."""
    ref = f"#/components/schemas/microsoft.graph.{entity}"
    nav = chain[-1]
    owner = ".".join(chain[:-1]) or chain[0]
    tag = f"{chain[0]}.{entity}"
    where = f" for {chain[0]}" if len(chain) > 1 else ""
    docs = {
        "description": "Find more info here",
        "url": f"https://learn.microsoft.com/graph/api/{entity.lower()}-list?view=graph-rest-1.0",
    }
    key = f"{entity}-id"
    if key in keys:
        key = f"{entity}-id{sum(k.startswith(key) for k in keys)}"
    props = props_of[entity]
    navs = [n for n, _ in navigations(entity)]
    own_keys = [_key_parameter(k) for k in keys]

    def body(description: str) -> dict[str, Any]:
        return {
            "description": description,
            "content": {"application/json": {"schema": {"$ref": ref}}},
            "required": True,
        }

    def long_text(first: str) -> str:
        return f"{first} {prose(rng, 4, 14)}" + (f" {NATIONAL}" if rng.random() < 0.5 else "")

    collection: dict[str, Any] = {
        "description": f"Provides operations to manage the {nav} property of the "
        f"microsoft.graph.{entity} entity.",
        "get": {
            "tags": [tag],
            "summary": f"List {nav}{where}",
            "description": long_text(f"Get the {nav} of the {entity} collection."),
            "externalDocs": docs,
            "operationId": f"{owner}.List{upper(nav)}",
            "parameters": [
                *PAGED,
                {"$ref": "#/components/parameters/ConsistencyLevel"},
                _enum_parameter(
                    "$orderby",
                    "Order items by property values",
                    [v for p in props for v in (p, f"{p} desc")],
                ),
                _enum_parameter("$select", "Select properties to be returned", props),
                _enum_parameter("$expand", "Expand related entities", ["*", *navs]),
            ],
            "responses": {
                "2XX": {
                    "$ref": f"#/components/responses/microsoft.graph.{entity}CollectionResponse"
                },
                "4XX": {"$ref": ERROR},
                "5XX": {"$ref": ERROR},
            },
            "x-ms-pageable": {"nextLinkName": "@odata.nextLink", "operationName": "listMore"},
            "x-ms-docs-operation-type": "operation",
        },
        "post": {
            "tags": [tag],
            "summary": f"Create {entity}{where}",
            "description": long_text(f"Create a new {entity} object in the {nav} collection."),
            "externalDocs": docs,
            "operationId": f"{owner}.Create{upper(nav)}",
            "requestBody": body("New navigation property"),
            "responses": _answered("Created navigation property.", ref),
            "x-ms-docs-operation-type": "operation",
        },
        "parameters": own_keys,
    }
    item: dict[str, Any] = {
        "description": collection["description"],
        "get": {
            "tags": [tag],
            "summary": f"Get {entity} from {chain[0]}",
            "description": long_text(
                f"Retrieve the properties and relationships of a {entity} object."
            ),
            "operationId": f"{owner}.Get{upper(nav)}",
            "parameters": [
                {"$ref": "#/components/parameters/ConsistencyLevel"},
                _enum_parameter("$select", "Select properties to be returned", props),
                _enum_parameter("$expand", "Expand related entities", ["*", *navs]),
            ],
            "responses": _answered("Retrieved navigation property", ref),
            "x-ms-docs-operation-type": "operation",
        },
        "patch": {
            "tags": [tag],
            "summary": f"Update {entity} in {chain[0]}",
            "description": long_text(f"Update the properties of a {entity} object."),
            "operationId": f"{owner}.Update{upper(nav)}",
            "requestBody": body("New navigation property values"),
            "responses": _answered("Success", ref),
            "x-ms-docs-operation-type": "operation",
        },
        "delete": {
            "tags": [tag],
            "summary": f"Delete {entity} from {chain[0]}",
            "description": long_text(f"Delete a {entity} object."),
            "operationId": f"{owner}.Delete{upper(nav)}",
            "parameters": [
                {
                    "name": "If-Match",
                    "in": "header",
                    "description": "ETag",
                    "schema": {"type": "string"},
                }
            ],
            "responses": {
                "2XX": {"description": "Success"},
                "4XX": {"$ref": ERROR},
                "5XX": {"$ref": ERROR},
            },
            "x-ms-docs-operation-type": "operation",
        },
        "parameters": [*own_keys, _key_parameter(key)],
    }
    counted: dict[str, Any] = {
        "description": "Provides operations to count the resources in the collection.",
        "get": {
            "tags": [tag],
            "summary": f"Get the number of the {nav} resource",
            "operationId": f"{owner}.{upper(nav)}.GetCount-{rng.getrandbits(16):04x}",
            "parameters": [
                {"$ref": "#/components/parameters/search"},
                {"$ref": "#/components/parameters/filter"},
                {"$ref": "#/components/parameters/ConsistencyLevel"},
            ],
            "responses": {
                "2XX": {"$ref": "#/components/responses/ODataCountResponse"},
                "4XX": {"$ref": ERROR},
                "5XX": {"$ref": ERROR},
            },
        },
        "parameters": own_keys,
    }
    paths[path] = collection
    paths[f"{path}/{{{key}}}"] = item
    paths[f"{path}/$count"] = counted
    added = 6
    for action in ACTIONS.get(entity, "").split():
        paths[f"{path}/{{{key}}}/microsoft.graph.{action}"] = _action(
            rng,
            action,
            entity,
            tag,
            f"{owner}.{nav}.{entity}.{action}",
            [*own_keys, _key_parameter(key)],
        )
        added += 1
    if rng.random() < 0.5:
        function = rng.choice(FUNCTIONS)
        paths[f"{path}/microsoft.graph.{function}"] = {
            "description": "Provides operations to call the function.",
            "get": {
                "tags": [tag],
                "summary": f"Invoke function {function[:-2]}",
                "description": long_text(f"Get {nav} that have been added, deleted, or updated."),
                "operationId": f"{owner}.{nav}.{function[:-2]}",
                "parameters": [
                    *PAGED,
                ],
                "responses": {
                    "2XX": {
                        "description": "Success",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "properties": {
                                        "value": {"type": "array", "items": {"$ref": ref}}
                                    },
                                }
                            }
                        },
                    },
                    "4XX": {"$ref": ERROR},
                    "5XX": {"$ref": ERROR},
                },
                "x-ms-docs-operation-type": "function",
            },
            "parameters": own_keys,
        }
        added += 1
    return added


def _action(
    rng: random.Random,
    action: str,
    entity: str,
    tag: str,
    operation_id: str,
    keys: list[dict[str, Any]],
) -> dict[str, Any]:
    """A POST microsoft.graph.<action>: an inline body of nested objects."""
    properties: dict[str, Any] = {
        "comment": {"type": "string", "nullable": True, "description": prose(rng, 8, 20)},
        "toRecipients": {
            "type": "array",
            "items": {"$ref": "#/components/schemas/microsoft.graph.recipient"},
        },
        "options": {
            "type": "object",
            "description": prose(rng, 8, 20),
            "properties": {
                "notify": {"type": "boolean", "default": False},
                "expiration": {
                    "anyOf": [
                        {"$ref": "#/components/schemas/microsoft.graph.dateTimeTimeZone"},
                        {"type": "object", "nullable": True},
                    ]
                },
                "location": {"$ref": "#/components/schemas/microsoft.graph.location"},
            },
        },
        "importance": {"$ref": "#/components/schemas/microsoft.graph.importance"},
    }
    chosen = dict(rng.sample(sorted(properties.items()), rng.randint(2, 4)))
    return {
        "description": "Provides operations to call the action.",
        "post": {
            "tags": [tag],
            "summary": f"Invoke action {action}",
            "description": f"{upper(action)} the {entity}. {prose(rng, 20, 45)} {NATIONAL}",
            "externalDocs": {
                "description": "Find more info here",
                "url": f"https://learn.microsoft.com/graph/api/{entity.lower()}-{action.lower()}",
            },
            "operationId": operation_id,
            "requestBody": {
                "description": "Action parameters",
                "content": {
                    "application/json": {
                        "schema": {
                            "type": "object",
                            "properties": chosen,
                            "required": sorted(chosen)[:1],
                        }
                    }
                },
                "required": True,
            },
            "responses": {
                "2XX": {"description": "Success"},
                "4XX": {"$ref": ERROR},
                "5XX": {"$ref": ERROR},
            },
            "x-ms-docs-operation-type": "action",
        },
        "parameters": keys,
    }


def _key_parameter(key: str) -> dict[str, Any]:
    entity = key.partition("-id")[0]
    return {
        "name": key,
        "in": "path",
        "description": f"The unique identifier of {entity}",
        "required": True,
        "schema": {"type": "string"},
        "x-ms-docs-key-type": entity,
    }


def _enum_parameter(name: str, description: str, values: list[str]) -> dict[str, Any]:
    return {
        "name": name,
        "in": "query",
        "description": description,
        "style": "form",
        "explode": False,
        "schema": {
            "uniqueItems": True,
            "type": "array",
            "items": {"enum": values, "type": "string"},
        },
    }


# Graph's paging and filtering query parameters, shared by its collections and functions.
PAGED = [
    {"$ref": f"#/components/parameters/{name}"}
    for name in ("top", "skip", "search", "filter", "count")
]


def _shared_parameters() -> dict[str, Any]:
    return {
        "top": {
            "name": "$top",
            "in": "query",
            "description": "Show only the first n items",
            "style": "form",
            "explode": False,
            "schema": {"minimum": 0, "type": "integer"},
            "example": 50,
        },
        "skip": {
            "name": "$skip",
            "in": "query",
            "description": "Skip the first n items",
            "style": "form",
            "explode": False,
            "schema": {"minimum": 0, "type": "integer"},
        },
        "search": {
            "name": "$search",
            "in": "query",
            "description": "Search items by search phrases",
            "style": "form",
            "explode": False,
            "schema": {"type": "string"},
        },
        "filter": {
            "name": "$filter",
            "in": "query",
            "description": "Filter items by property values",
            "style": "form",
            "explode": False,
            "schema": {"type": "string"},
        },
        "count": {
            "name": "$count",
            "in": "query",
            "description": "Include count of items",
            "style": "form",
            "explode": False,
            "schema": {"type": "boolean"},
        },
        "ConsistencyLevel": {
            "name": "ConsistencyLevel",
            "in": "header",
            "description": "Indicates the requested consistency level. Documentation URL: "
            "https://docs.microsoft.com/graph/aad-advanced-queries",
            "style": "simple",
            "schema": {"type": "string"},
            "example": "eventual",
        },
    }


def _answered(description: str, ref: str) -> dict[str, Any]:
    """A success with the schema ``ref`` as JSON, and Graph's shared errors."""
    success = {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": ref}}},
    }
    return {"2XX": success, "4XX": {"$ref": ERROR}, "5XX": {"$ref": ERROR}}


def _responses(entities: list[str]) -> dict[str, Any]:
    responses: dict[str, Any] = {
        "error": {
            "description": "error",
            "content": {
                "application/json": {
                    "schema": {
                        "$ref": "#/components/schemas/microsoft.graph.ODataErrors.ODataError"
                    }
                }
            },
        },
        "ODataCountResponse": {
            "description": "The count of the resource",
            "content": {"text/plain": {"schema": {"type": "integer", "format": "int32"}}},
        },
    }
    for entity in entities:
        schema = {"$ref": f"#/components/schemas/microsoft.graph.{entity}CollectionResponse"}
        responses[f"microsoft.graph.{entity}CollectionResponse"] = {
            "description": "Retrieved collection",
            "content": {"application/json": {"schema": schema}},
        }
    return responses


def _trim(paths: dict[str, Any], extra: int) -> None:
    """Operations off the last paths, until ``extra`` are gone: an exact count."""
    for path in reversed(list(paths)):
        if extra <= 0:
            return
        item = paths[path]
        for method in ("delete", "patch", "post", "get"):
            if (
                extra > 0
                and method in item
                and len([m for m in ("get", "post", "patch", "delete") if m in item]) > 1
            ):
                del item[method]
                extra -= 1


# ---------------------------------------------------------------- search, complete, picker


def search_figures(api: Catalog) -> tuple[float, list[float], dict[str, float]]:
    """The first search (builds the index, s); every prefix's median of SEARCH_ROUNDS (s);
    each full query's median (s)."""
    start = time.perf_counter()
    api.search("x")
    first = time.perf_counter() - start
    rounds: dict[str, list[float]] = {}
    for _ in range(SEARCH_ROUNDS):
        for query in QUERIES:
            for end in range(1, len(query) + 1):
                start = time.perf_counter()
                api.search(query[:end], limit=60)  # as the picker asks
                rounds.setdefault(query[:end], []).append(time.perf_counter() - start)
    keys = [statistics.median(times) for times in rounds.values()]
    return first, keys, {query: statistics.median(rounds[query]) for query in QUERIES}


def complete_figures(api: Catalog, routes: list[str]) -> tuple[float, list[float]]:
    """The first completion (builds the tables, s); every prefix's median (s)."""
    start = time.perf_counter()
    api.complete("GET /")
    api.complete("GET /:")
    first = time.perf_counter() - start
    figures = []
    for route in routes:
        for end in range(1, len(route) + 1):
            times = []
            for _ in range(COMPLETE_ROUNDS):
                start = time.perf_counter()
                api.complete(route[:end])
                times.append(time.perf_counter() - start)
            figures.append(statistics.median(times))
    return first, figures


async def picker_keys(api: Catalog) -> tuple[list[float], int, float]:
    """Wall seconds from each key typed into the route picker (PICKER_QUERIES, a key every
    30 ms, the field emptied between them) to the first frame that repaints its list, or
    its field when the list is unchanged; how many keys had the list repainted in a later
    frame (counted short); and the seconds from F2 to the picker shown."""
    from textual import events
    from textual.geometry import Region
    from textual.strip import Strip
    from textual.widget import Widget
    from textual.widgets import Input

    from restroute.tui import make_app
    from restroute.tui.screens.route_picker import RoutePicker

    app = make_app()
    wall: list[float] = []
    late = 0
    async with app.run_test(size=(140, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        app._catalog_loaded(api)  # as the app's worker hands it over
        start = time.perf_counter()
        await pilot.press("f2")
        await pilot.pause()
        opened = time.perf_counter() - start
        picker = app.screen
        assert isinstance(picker, RoutePicker), picker
        assert picker.api is api
        field = picker.query_one("#picker-query", Input)
        field.cursor_blink = False  # no frame of its own between keys
        painted = asyncio.Event()
        listed = [False]

        def watch(widget: Widget, is_list: bool) -> None:
            render_lines = widget.render_lines

            def watched(crop: Region) -> list[Strip]:
                lines = render_lines(crop)
                listed[0] = listed[0] or is_list
                painted.set()
                return lines

            widget.render_lines = watched  # type: ignore[method-assign]

        watch(picker.query_one("#picker-list", Widget), True)
        watch(field, False)
        for query in PICKER_QUERIES:
            field.value = ""
            await pilot.pause()
            await asyncio.sleep(0.1)
            for char in query:
                await asyncio.sleep(0.03)
                painted.clear()
                listed[0] = False
                start = time.perf_counter()
                if char == " ":
                    app.post_message(events.Key("space", " "))
                else:
                    app.post_message(events.Key(char, char))
                await asyncio.wait_for(painted.wait(), 5)
                wall.append(time.perf_counter() - start)
                if not listed[0]:  # the list unchanged, or painted after: which?
                    await asyncio.sleep(0.025)
                    late += listed[0]
        assert field.value == PICKER_QUERIES[-1], field.value
    return wall, late, opened


# ---------------------------------------------------------------- YAML


def yaml_figures(description: Path, folder: Path, rt: bool) -> None:
    """GitHub's description as YAML, read by PyYAML's C loader and by ruamel.yaml."""
    import yaml

    with description.open("rb") as file:
        data = json.load(file)
    path = folder / "api.github.com.yaml"
    with path.open("w", encoding="utf-8") as file:  # yaml.safe_dump, with libyaml's emitter
        yaml.dump(data, file, Dumper=yaml.CSafeDumper, sort_keys=False, allow_unicode=True)
    del data
    print(f"YAML: GitHub's description dumped as YAML, {path.stat().st_size / 1e6:.1f} MB")
    ruamel = _importable("ruamel.yaml")
    pyyaml, safe, ratios = [], [], []
    for _ in range(YAML_RUNS):  # in turn, so that a slower minute slows both
        pyyaml.append(float(python(YAML_CHILD, str(path), "pyyaml")[0]))
        if ruamel:
            safe.append(float(python(YAML_CHILD, str(path), "safe")[0]))
            ratios.append(safe[-1] / pyyaml[-1])
    print(f"  PyYAML {yaml.__version__} CSafeLoader (restroute's): {spread(pyyaml, digits=2)}")
    if not ruamel:
        print("  ruamel.yaml not installed")
    else:
        ruamel_version = importlib.import_module("ruamel.yaml").__version__  # not a dependency

        c = "its C parser" if _importable("_ruamel_yaml") else "pure Python: no ruamel.yaml.clib"
        print(f"  ruamel.yaml {ruamel_version} YAML(typ='safe') ({c}): {spread(safe, digits=2)}")
        print(
            f"    ruamel.yaml safe / PyYAML, run by run: median {statistics.median(ratios):.2f}x"
            f" ({min(ratios):.2f}-{max(ratios):.2f})"
        )
        if rt:
            one = float(python(YAML_CHILD, str(path), "pyyaml")[0])
            rts = float(python(YAML_CHILD, str(path), "rt")[0])
            print(
                f"  ruamel.yaml YAML(typ='rt'): {rts:.1f} s, PyYAML's just before it {one:.2f} s"
                f" -> {rts / one:.1f}x"
            )
        else:
            print("  ruamel.yaml YAML(typ='rt'): not measured (about 45 s a load; pass --rt)")
    loads = []
    for _ in range(2):
        with tempfile.TemporaryDirectory(prefix="bench-cache-") as cache:
            loads.append(child_load(path, cache, "cold")["total"])
    print(f"  restroute's cold load of the YAML (fresh process): {spread(loads, digits=2)}")


def _importable(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:  # its parent package is missing
        return False


# ---------------------------------------------------------------- main


@contextmanager
def temporary_folder() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="bench-openapi-"))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> int:
    rt = "--rt" in sys.argv[1:]
    print(f"load average at the start: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    with temporary_folder() as folder:
        PYCACHE[0] = str(folder / "pycache")
        python("import restroute.catalog._cache, yaml")  # its modules compiled, once
        github = github_description()
        if github is not None:
            cache = folder / "github-cache"
            figures = load_figures(github, COLD_RUNS, WARM_RUNS, cache)
            print_loads(
                "GitHub's api.github.com.json (13 MB)",
                figures,
                1.5,
                0.050,
            )
            print(f"  compiled cache entry: {entry_size(cache) / 1e6:.2f} MB")
        print()

        big = folder / "graph-like.json"
        made = time.perf_counter()
        description = graph_like()
        with big.open("w", encoding="utf-8") as file:
            json.dump(description, file, indent=1)  # 46 MB; indent=2 makes it 57
        del description
        made = time.perf_counter() - made
        print(f"generated in {made:.1f} s: {big.stat().st_size / 1e6:.1f} MB")
        cache = folder / "graph-cache"
        figures = load_figures(big, 3, WARM_RUNS, cache)
        print_loads(
            f"A Graph-sized description ({big.stat().st_size / 1e6:.0f} MB)",
            figures,
            None,
            None,
        )
        print(f"  compiled cache entry: {entry_size(cache) / 1e6:.2f} MB")

        os.environ["RESTROUTE_CACHE"] = str(cache)
        api = catalog.load(big)  # from the cache
        first, keys, full = search_figures(api)
        print(f"  first search (builds the word index): {first * 1000:.0f} ms")
        print(
            f"  search() per keystroke, {len(keys)} prefixes of {len(QUERIES)} queries "
            f"(median of {SEARCH_ROUNDS} each): median {statistics.median(keys) * 1000:.2f} ms,"
            f" p95 {p95(keys) * 1000:.2f} ms, max {max(keys) * 1000:.2f} ms"
        )
        for query, seconds in full.items():
            print(f"    {query!r:24} {seconds * 1000:7.2f} ms")
        deep = sorted(api.operations, key=lambda op: -len(op.url))
        routes = [f"{op.method} {op.url}" for op in (deep[0], deep[len(deep) // 3], deep[-1])]
        first, completions = complete_figures(api, routes)
        print(f"  first completion (builds the route tables): {first * 1000:.0f} ms")
        print(
            f"  complete() per keystroke, {len(completions)} prefixes of 3 routes "
            f"(median of {COMPLETE_ROUNDS} each): median "
            f"{statistics.median(completions) * 1e6:.1f} µs, p95 {p95(completions) * 1e6:.1f}"
            f" µs, max {max(completions) * 1e6:.1f} µs"
        )

        medians, all_keys, lates, opens = [], [], 0, []
        for _ in range(PICKER_ROUNDS):
            wall, late, opened = asyncio.run(picker_keys(api))
            medians.append(statistics.median(wall))
            all_keys += wall
            lates += late
            opens.append(opened)
        middle = statistics.median(all_keys)
        print(
            f"  route picker, a key to the repainted list, {len(all_keys)} keys in "
            f"{PICKER_ROUNDS} apps: median {middle * 1000:.1f} ms, p95 "
            f"{p95(all_keys) * 1000:.1f} ms, max {max(all_keys) * 1000:.1f} ms; round "
            f"medians {', '.join(f'{m * 1000:.1f}' for m in medians)} ms  "
            f"(bar 10 ms: {met(middle, 0.010)})"
        )
        if lates:
            print(f"    {lates} keys had the list repainted a frame later (counted short)")
        print(f"  F2 to the picker shown (categories listed): {spread(opens, 1000, 'ms', 0)}")
        print()

        if github is not None:
            yaml_figures(github, folder, rt)
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
