// The native half of Android's resource locale choice, asked of the real code: for a device
// locale and the locale folders of an app, which folder does libandroidfw pick?
//
// Reads lines `device-tag<TAB>qualifier|qualifier|…` (a qualifier as in a folder name after
// "values-": "fr-rCA", "b+zh+Hant+TW", "" for values/) and prints, for each, the line followed by
// a tab and the chosen qualifier, or "-" when none matches. As AssetManager2::FindEntry does: keep
// the candidates whose config match()es the device's, then the one isBetterThan() all others.
// The device config is set from the tag with ResTable_config::setBcp47Locale, as
// AssetManager.setConfiguration does for the locale the Java layer chose.
//
// Build: scripts/android/build-locale-match.sh (needs android-libandroidfw-dev).
#include <androidfw/ConfigDescription.h>
#include <androidfw/ResourceTypes.h>

#include <cstring>
#include <iostream>
#include <string>
#include <vector>

using android::ConfigDescription;
using android::ResTable_config;

int main() {
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    const std::string device_tag = line.substr(0, tab);
    const std::string list = tab == std::string::npos ? "" : line.substr(tab + 1);
    ResTable_config device;
    memset(&device, 0, sizeof(device));
    device.size = sizeof(device);
    device.setBcp47Locale(device_tag.c_str());
    std::vector<std::string> qualifiers;
    size_t start = 0;
    while (true) {
      const size_t bar = list.find('|', start);
      qualifiers.push_back(list.substr(start, bar == std::string::npos ? std::string::npos : bar - start));
      if (bar == std::string::npos) break;
      start = bar + 1;
    }
    const std::string* best_name = nullptr;
    ConfigDescription best;
    for (const std::string& qualifier : qualifiers) {
      ConfigDescription config;
      if (!qualifier.empty() && !ConfigDescription::Parse(qualifier, &config)) {
        std::cout << line << "\tinvalid:" << qualifier << "\n";
        best_name = nullptr;
        goto next_line;
      }
      if (!config.match(device)) continue;
      if (best_name == nullptr || config.isBetterThan(best, &device)) {
        best = config;
        best_name = &qualifier;
      }
    }
    std::cout << line << "\t" << (best_name ? *best_name : std::string("-")) << "\n";
  next_line:;
  }
  return 0;
}
