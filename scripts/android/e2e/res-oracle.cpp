// The native half of the end-to-end Android oracle: asks Debian's libandroidfw (Android 10) what
// a linked APK resolves, the same calls the framework's JNI glue makes
// (frameworks/base/core/jni/android_util_AssetManager.cpp → libs/androidfw/AssetManager2.cpp).
//
// Prerequisites: g++, android-libandroidfw-dev (headers /usr/include/android). Built by run.sh.
//
// Line protocol, one request per stdin line, one answer line on stdout:
//   LOAD <package> <apk>    → OK | ERR <why>        (ApkAssets::Load + AssetManager2::SetApkAssets;
//                                                     <package> is the manifest's, which
//                                                     getIdentifier is given as defPackage)
//   LOCALES                 → LOCALES <tag>...      (GetResourceLocales(exclude_system=true,
//                                                     merge_equivalent_languages=true), as
//                                                     AssetManager.getNonSystemLocales() asks)
//   ID <name>               → ID <decimal>          (GetResourceId(name, "string", pkg), as
//                                                     AssetManager.getResourceIdentifier)
//   GET <bcp47> <resid>     → STR <utf8 hex> | VAL <type> <data> | NOTFOUND
//                             (configuration locale set with ResTable_config::setBcp47Locale as
//                              NativeSetConfiguration does, then GetResource(may_be_bag=false) +
//                              ResolveReference as NativeGetResourceValue does)
#include <androidfw/ApkAssets.h>
#include <androidfw/AssetManager2.h>
#include <androidfw/ResourceTypes.h>

#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>

using namespace android;

static std::string Hex(const char* s, size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < n; i++) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    out += digits[c >> 4];
    out += digits[c & 15];
  }
  return out.empty() ? "-" : out;  // "-" keeps the field present for an empty string
}

int main() {
  std::ios::sync_with_stdio(false);
  std::unique_ptr<const ApkAssets> apk;
  std::unique_ptr<AssetManager2> am;
  std::string package;
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string cmd;
    in >> cmd;
    if (cmd == "LOAD") {
      std::string path;
      in >> package;
      std::getline(in >> std::ws, path);
      am.reset();
      apk = ApkAssets::Load(path);
      if (!apk) {
        std::cout << "ERR cannot load " << path << "\n";
      } else {
        am.reset(new AssetManager2());
        am->SetApkAssets({apk.get()});
        std::cout << "OK\n";
      }
    } else if (!am) {
      std::cout << "ERR no apk\n";
    } else if (cmd == "LOCALES") {
      std::cout << "LOCALES";
      for (const std::string& tag : am->GetResourceLocales(true, true)) std::cout << " " << tag;
      std::cout << "\n";
    } else if (cmd == "ID") {
      std::string name;
      std::getline(in >> std::ws, name);
      std::cout << "ID " << am->GetResourceId(name, "string", package) << "\n";
    } else if (cmd == "GET") {
      std::string tag;
      unsigned long resid = 0;
      in >> tag >> resid;
      ResTable_config config;
      memset(&config, 0, sizeof(config));
      config.size = sizeof(config);
      config.setBcp47Locale(tag.c_str());
      // A phone: day mode, a recent SDK (so aapt2's -v21 on b+ folders matches); the rest "any".
      config.uiMode = ResTable_config::UI_MODE_TYPE_NORMAL | ResTable_config::UI_MODE_NIGHT_NO;
      config.sdkVersion = 33;
      am->SetConfiguration(config);
      Res_value value;
      ResTable_config selected;
      uint32_t flags = 0;
      ApkAssetsCookie cookie = am->GetResource(static_cast<uint32_t>(resid), false /* may_be_bag */,
                                               0u, &value, &selected, &flags);
      if (cookie == kInvalidCookie) {
        std::cout << "NOTFOUND\n";
        continue;
      }
      uint32_t last_ref = static_cast<uint32_t>(resid);
      cookie = am->ResolveReference(cookie, &value, &selected, &flags, &last_ref);
      if (cookie == kInvalidCookie) {
        std::cout << "NOTFOUND\n";
        continue;
      }
      if (value.dataType == Res_value::TYPE_STRING) {
        const ResStringPool* pool = am->GetStringPoolForCookie(cookie);
        size_t len = 0;
        const char* s8 = pool ? pool->string8At(value.data, &len) : nullptr;
        if (s8 != nullptr) {
          std::cout << "STR " << Hex(s8, len) << "\n";
        } else if (pool != nullptr) {
          String8 s = pool->string8ObjectAt(value.data);
          std::cout << "STR " << Hex(s.string(), s.size()) << "\n";
        } else {
          std::cout << "NOTFOUND\n";
        }
      } else {
        std::cout << "VAL " << static_cast<int>(value.dataType) << " " << value.data << "\n";
      }
    } else {
      std::cout << "ERR unknown command\n";
    }
    std::cout.flush();
  }
  return 0;
}
