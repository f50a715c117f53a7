import Foundation
import TestSupport
import TypedDefaults

enum Mood: String, CaseIterable, Codable, DefaultsSerializable { case calm, busy, away }

struct Account: Codable, Equatable, DefaultsSerializable {
    var email: String
    var logins: Int
    var scores: [Double]
    var mood: Mood
}
