import Foundation
import TypedDefaults

/// What a ``DefaultsSync`` did, or could not do: see ``DefaultsSync/events()``.
public enum DefaultsSyncEvent: Sendable, Equatable {
    /// Local writes of these names went to the cloud.
    case pushed([String])
    /// Newer values of these names came from the cloud and were stored locally.
    case pulled([String])
    /// A value of `name` was not synced, for `reason`; the local value is kept, and the sync of other names goes on.
    case refused(name: String, reason: DefaultsSyncRefusal)
    /// Another iCloud account signed in, as the store's token shows (``DefaultsCloudAccount``): every synced key took
    /// that account's value, or its default where the account has none; nothing of the previous account was pushed
    /// into it. A `pulled` event with the keys whose local values were replaced follows. Without a token, an
    /// account change cannot be told from a sign-out and sign-in: the sync then begins an epoch instead, and
    /// reports nothing.
    case accountChanged
}

/// Why a value was not synced.
public enum DefaultsSyncRefusal: Sendable, Equatable {
    /// The value takes `bytes` bytes, more than the cloud takes for one value: it was never sent.
    case valueTooLarge(bytes: Int)
    /// The stored name is longer than the cloud allows: it was never sent.
    case nameTooLong
    /// The cloud refused the write: the account is out of room (total size or number of keys). It is not sent
    /// again until the value is written again.
    case quotaExceeded
    /// The cloud holds a value that does not read as the key's type (or lies outside its range): it was not
    /// stored locally.
    case unreadable
}
