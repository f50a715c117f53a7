/// The text of every diagnostic the generator reports, by concept: one file per concept
/// (`Messages+<Concept>.swift`), one function per message, its parameters the facts the message names.
///
/// Validation and the release checks decide *that* something is wrong and *where* (``Diagnostics``); what they say is
/// here, so a message is found, reviewed and kept consistent with its neighbours in one place. Tests compare the
/// texts exactly: a change of wording is a change of behaviour for people who search for them.
enum Messages {}
