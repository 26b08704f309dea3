import FuzzSupport
import LocalizedAlerts

/// Apple's localization matcher and the bundle search list. The input's first line is the
/// preferred languages, the second the available localizations (comma-separated), the third a
/// development region. Invariants: the match holds available names, spelled as given, each at
/// most as often as it is available (Apple's matcher repeats duplicates, and so does this one);
/// the same question gives the same answer (cached or not); the search list holds bundle names
/// once each, plus the development region and CFBundle's last resort "en" (by design).
let matcher = LocalizationMatcher()

func fuzz(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: FuzzDriver.bytes(data, count), as: UTF8.self)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    func list(_ index: Int) -> [String] {
        index < lines.count ? lines[index].split(separator: ",", omittingEmptySubsequences: false).map(String.init) : []
    }
    let preferred = list(0)
    let available = list(1)
    let region = lines.count > 2 ? lines[2] : nil
    let match = matcher.match(preferred: preferred, available: available)
    let availableSet = Set(available)
    for name in match.localizations where !availableSet.contains(name) { violated("\(name) is not available") }
    for name in Set(match.localizations) where match.localizations.filter({ $0 == name }).count > available.filter({ $0 == name }).count {
        violated("\(name) is listed more often than it is available")
    }
    guard LocalizationMatcher().match(preferred: preferred, available: available).localizations == match.localizations else {
        violated("the cached and a fresh matcher disagree")
    }
    let bundle = BundleLocalizations(folders: available, developmentRegion: region)
    let search = matcher.searchList(preferredLanguages: preferred, bundle: bundle)
    let names = Set(bundle.names + [bundle.developmentRegion, "en"].compactMap { $0 })
    for name in search.localizations where !names.contains(name) { violated("search list holds \(name), not in the bundle") }
    guard Set(search.localizations).count == search.localizations.count else { violated("the search list repeats a name") }
    return 0
}

FuzzDriver.run(fuzz)
