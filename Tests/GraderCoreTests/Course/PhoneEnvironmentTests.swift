import Foundation
import Testing
@testable import GraderCore

/// Cases run in a phone's time zone and language, the same for a case every run.
struct PhoneEnvironmentTests {
    @Test func everyZoneIsAFractionOfAnHourFromUTCAllYear() throws {
        // January and July, so that summer time cannot land on a whole hour either.
        for zone in PhoneEnvironment.timeZones {
            let timeZone = try #require(TimeZone(identifier: zone), "\(zone) is a zone the system knows")
            for date in [Date(timeIntervalSince1970: 1_767_225_600), Date(timeIntervalSince1970: 1_782_864_000)] {
                #expect(timeZone.secondsFromGMT(for: date) % 3600 != 0, "\(zone) at \(date)")
            }
        }
        #expect(PhoneEnvironment.timeZones.contains { TimeZone(identifier: $0)!.secondsFromGMT() < 0 })
        #expect(PhoneEnvironment.timeZones.contains { TimeZone(identifier: $0)!.secondsFromGMT() > 0 })
        #expect(PhoneEnvironment.locales.allSatisfy { !$0.hasPrefix("en") })
    }

    @Test func aCaseKeepsItsEnvironmentAndCasesDiffer() {
        let names = (1...24).map { "case \($0)" }
        let first = names.map { PhoneEnvironment.forCase(exerciseID: "01-a/01-b", name: $0, seed: nil) }
        let again = names.map { PhoneEnvironment.forCase(exerciseID: "01-a/01-b", name: $0, seed: nil) }
        #expect(first == again)
        #expect(Set(first.map(\.timeZone)).count == PhoneEnvironment.timeZones.count)
        #expect(Set(first.map(\.locale)).count == PhoneEnvironment.locales.count)
        // The seed takes part: another seed moves at least some cases.
        let reseeded = names.map { PhoneEnvironment.forCase(exerciseID: "01-a/01-b", name: $0, seed: 7) }
        #expect(reseeded != first)
    }

    @Test func loadedCasesGetTheirEnvironment() throws {
        let course = try TemporaryCourse.fixture()
        let loaded = try CourseLoader().load(root: course.root).course
        let cases = loaded.lessons.flatMap(\.exercises).flatMap(\.cases)
        #expect(!cases.isEmpty)
        #expect(cases.allSatisfy { $0.environment != .neutral && PhoneEnvironment.timeZones.contains($0.environment.timeZone) })
    }

    @Test func describesTheZoneWithItsOffset() {
        let kolkata = PhoneEnvironment(timeZone: "Asia/Kolkata", locale: "es_ES.UTF-8")
        #expect(kolkata.describe() == "time zone Asia/Kolkata (UTC+05:30), language es_ES")
        let marquesas = PhoneEnvironment(timeZone: "Pacific/Marquesas", locale: "de_DE.UTF-8")
        #expect(marquesas.describe() == "time zone Pacific/Marquesas (UTC−09:30), language de_DE")
    }
}
