// The locale list of a built app, asked of the real code: libandroidfw loads each APK given on
// the command line (split APKs of one app together) and prints, one per line,
// AssetManager2::GetResourceLocales(exclude_system = true, merge_equivalent_languages = true),
// what AssetManager.getNonSystemLocales returns to the Java layer.
//
// Build and run: scripts/android/build-app-fixtures.sh (needs android-libandroidfw-dev).
#include <androidfw/ApkAssets.h>
#include <androidfw/AssetManager2.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

int main(int argc, char** argv) {
  std::vector<std::unique_ptr<const android::ApkAssets>> loaded;
  std::vector<const android::ApkAssets*> assets;
  for (int i = 1; i < argc; i++) {
    auto apk = android::ApkAssets::Load(argv[i]);
    if (apk == nullptr) {
      std::cerr << "cannot load " << argv[i] << "\n";
      return 1;
    }
    assets.push_back(apk.get());
    loaded.push_back(std::move(apk));
  }
  android::AssetManager2 manager;
  manager.SetApkAssets(assets);
  for (const std::string& locale : manager.GetResourceLocales(true, true)) std::cout << locale << "\n";
  return 0;
}
