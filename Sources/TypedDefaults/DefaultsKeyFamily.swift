internal import DefaultsFormats
import Foundation

/// The namespace of all key families, and their type-erased base class.
///
/// A family is a key made at run time, one value per widget, account or document: each member is stored under a
/// name made from the family's name template and a parameter value. Schemas declare families with `"parameter"`; the
/// generated code declares a function that makes a member's key, and the family itself here:
///
/// ```swift
/// extension DefaultsKeys {
///     static func selectedCalendars(widgetID: String) -> DefaultsKey<[String]> { DefaultsKeyFamilies.selectedCalendars.key(widgetID) }
/// }
/// extension DefaultsKeyFamilies {
///     static let selectedCalendars = DefaultsKeyFamily<String, [String]>("selectedCalendars_{widgetID}", default: [])
/// }
/// Defaults[.selectedCalendars(widgetID: widget.id)] = ["work"]
/// let widgetIDs = DefaultsStore.standard.members(of: .selectedCalendars)  // ["42", …]
/// ```
///
/// A namespace of its own, apart from ``DefaultsKeys``: a family and the function that makes its members' keys may
/// then share the name the schema gives, and no family can clash with a key.
///
/// `@unchecked Sendable` only because a class that can be subclassed cannot conform otherwise: every stored
/// property is an immutable `Sendable` value.
public class DefaultsKeyFamilies: @unchecked Sendable {
    /// How a member's stored name is made, the parameter written in braces: `selectedCalendars_{widgetID}`.
    public let nameTemplate: String
    /// The name of the parameter (`widgetID`), as the template writes it.
    public let parameterName: String
    /// The `UserDefaults` suite the members live in, or `nil` for the standard one.
    public let suiteName: String?
    /// The former name templates (`renamedFrom`) in order: a member's value found under one moves to its name on
    /// first read.
    public let formerNameTemplates: [String]
    /// The text before and after the parameter, in the name template and in each former one.
    let affixes: NameTemplate
    let formerAffixes: [NameTemplate]
    /// Whether a settings export carries the members' values (`portable: true`; a schema's `"portable": true`). Off
    /// unless declared: a member's parameter is usually an id local to one device (a widget's, a document's).
    public let isPortable: Bool

    init(nameTemplate: String, formerNameTemplates: [String], suiteName: String?, portable: Bool) {
        self.isPortable = portable
        guard let affixes = NameTemplate(nameTemplate) else {
            preconditionFailure("the name template \"\(nameTemplate)\" must write its parameter once, in braces: \"selectedCalendars_{widgetID}\"")
        }
        self.nameTemplate = nameTemplate
        self.parameterName = affixes.parameterName
        self.affixes = affixes
        self.formerNameTemplates = formerNameTemplates
        self.formerAffixes = formerNameTemplates.map { former in
            guard let formerAffixes = NameTemplate(former) else {
                preconditionFailure("the former name template \"\(former)\" must write its parameter once, in braces: \"selectedCalendars.{widgetID}\"")
            }
            return formerAffixes
        }
        self.suiteName = suiteName
    }

    /// The Swift type of the members' values, for display.
    package var valueType: Any.Type { Any.self }

    /// The key of the member stored under `name` (current or former), or `nil`; only the typed subclass can make it.
    func memberKey(forStoredName name: String) -> DefaultsKeys? { nil }

    /// The keys of the members with a stored value in `store`'s family; only the typed subclass can list them.
    func storedMemberKeys(in store: DefaultsStore) -> [DefaultsKeys] { [] }

    /// The parameter text of a member stored under `name` (or under a former name), or `nil` when `name` is not a
    /// member's. Only the typed subclass tells whether the text is a parameter value.
    func parameterText(ofStoredName name: String) -> Substring? {
        for candidate in [affixes] + formerAffixes {
            if let text = candidate.parameterText(of: name) { return text }
        }
        return nil
    }
}

/// A typed key family: a name template with one parameter, and the value type and default its members share.
///
/// `Parameter` is `String` or `Int` in generated code: its text (its `description`) is written into the name, and a
/// stored name is a member's when its text reads back as a parameter value written the same way (`Int` members
/// are stored as `selectedCalendars_42`, never `selectedCalendars_042`).
public final class DefaultsKeyFamily<Parameter: LosslessStringConvertible & Comparable & Sendable, Value: DefaultsSerializable>:
    DefaultsKeyFamilies, @unchecked Sendable
{
    /// The value a member reads when nothing (or nothing readable) is stored.
    public let defaultValue: Value
    /// Makes a member's key from its stored name and former names: the family's default, range, suite and label.
    private let makeKey: @Sendable (_ name: String, _ formerNames: [String]) -> DefaultsKey<Value>

    /// Creates a family whose members are stored under `nameTemplate` with the parameter written in: in
    /// `"selectedCalendars_{widgetID}"`, the member `"42"` is stored as `selectedCalendars_42`.
    ///
    /// - Parameters:
    ///   - nameTemplate: The stored name, writing the parameter once in braces. Traps otherwise (a programming
    ///     error: generated families are checked by the generator).
    ///   - defaultValue: The value a member reads when nothing (or nothing readable) is stored.
    ///   - formerNameTemplates: Templates older versions stored members under, in the same suite: a member's value
    ///     found there moves to its name on first read.
    ///   - suite: The suite the members live in (an app group, say); `nil` for the standard one.
    ///   - label: The title and help every member shows on screens that list keys; `nil`: each its name in words.
    ///   - portable: Whether a settings export carries the members' values (``DefaultsKeyFamilies/isPortable``).
    public init(_ nameTemplate: String, default defaultValue: Value, formerNameTemplates: [String] = [], suite: String? = nil,
                label: DefaultsKeyLabel? = nil, portable: Bool = false) {
        self.defaultValue = defaultValue
        makeKey = { name, formerNames in
            DefaultsKey(name, default: defaultValue, formerNames: formerNames, suite: suite, label: label, portable: portable)
        }
        super.init(nameTemplate: nameTemplate, formerNameTemplates: formerNameTemplates, suiteName: suite, portable: portable)
    }

    /// Creates a family whose members read only values inside `range` (a value outside it reads as the default; a
    /// write outside it stores the nearest bound, as for a key). The other parameters are those of
    /// ``init(_:default:formerNameTemplates:suite:label:portable:)``.
    public init(_ nameTemplate: String, default defaultValue: Value, in range: some RangeExpression<Value> & Sendable,
                formerNameTemplates: [String] = [], suite: String? = nil, label: DefaultsKeyLabel? = nil, portable: Bool = false)
    where Value: Comparable {
        self.defaultValue = defaultValue
        makeKey = { name, formerNames in
            DefaultsKey(name, default: defaultValue, in: range, formerNames: formerNames, suite: suite, label: label, portable: portable)
        }
        super.init(nameTemplate: nameTemplate, formerNameTemplates: formerNameTemplates, suiteName: suite, portable: portable)
    }

    /// Creates a family of optional values, whose default is `nil`. The other parameters are those of
    /// ``init(_:default:formerNameTemplates:suite:label:portable:)``.
    public convenience init(_ nameTemplate: String, formerNameTemplates: [String] = [], suite: String? = nil, label: DefaultsKeyLabel? = nil,
                            portable: Bool = false)
    where Value: ExpressibleByNilLiteral {
        self.init(nameTemplate, default: nil, formerNameTemplates: formerNameTemplates, suite: suite, label: label, portable: portable)
    }

    /// The key of the member `parameter`: stored under the name template with `parameter` written in.
    ///
    /// Cheap enough to call on every read, as generated functions such as `DefaultsKeys.selectedCalendars(widgetID:)`
    /// are: the keys of the members used lately are kept (the same instance comes back), and a new one is made from
    /// the stored name alone (its label is made only if a screen asks). Keys of one member are equal (`==`,
    /// `Hashable`), whichever call made them.
    public func key(_ parameter: Parameter) -> DefaultsKey<Value> {
        let text = parameter.description
        if let key = recentKeys.withLock({ $0[text] }) { return key }
        let key = formerAffixes.isEmpty ? makeKey(affixes.storedName(for: text), [])
            : makeKey(affixes.storedName(for: text), formerAffixes.map { $0.storedName(for: text) })
        // Made outside the lock; kept for the next reads of the member (the lock is a leaf: nothing is called in it).
        recentKeys.withLock { keys in
            if keys.count >= Self.recentKeyLimit { keys.removeAll(keepingCapacity: true) }
            keys[text] = keys[text] ?? key
        }
        return key
    }

    /// The member keys made lately, by parameter text: a member read on every update of a view reuses its key.
    /// Making a key costs time, and its first read watches its name afresh, so a read through a key made for it
    /// costs more than one through a kept key (`typed-defaults-bench --only families`; figures in BENCHMARKS.md).
    /// Bounded, emptied when full: a family of thousands of documents keeps no more than ``recentKeyLimit`` keys.
    private let recentKeys = LockedState<[String: DefaultsKey<Value>]>([:])

    /// How many member keys ``key(_:)`` keeps.
    static var recentKeyLimit: Int { 256 }

    /// The parameter of the member stored under `name`, current or former: `nil` when `name` is no member's.
    public func parameter(ofStoredName name: String) -> Parameter? {
        guard let text = parameterText(ofStoredName: name), let parameter = Parameter(String(text)),
              parameter.description == text else { return nil }
        return parameter
    }

    /// `Value.self`.
    package override var valueType: Any.Type { Value.self }

    override func memberKey(forStoredName name: String) -> DefaultsKeys? {
        parameter(ofStoredName: name).map(key)
    }

    override func storedMemberKeys(in store: DefaultsStore) -> [DefaultsKeys] {
        store.members(of: self).map(key)
    }
}

