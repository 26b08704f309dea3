// The Java half of the end-to-end Android oracle: what the framework and firebase-messaging do
// with an FCM notification once the APK's resource table (asked of libandroidfw through the
// res-oracle process) is known. Ported, as literally as the missing Android runtime allows, from:
//   frameworks/base/core/java/android/os/LocaleList.java            (matchScore, getLikelyScript,
//       computeFirstMatchIndex, getFirstMatchWithEnglishSupported, isPseudoLocalesOnly,
//       LocaleList(Locale topLocale, LocaleList otherLocales))
//   frameworks/base/core/java/android/content/res/ResourcesImpl.java (updateConfiguration's locale
//       choice, adjustLanguageTag, getIdentifier)
//   libcore/ojluni/src/main/java/java/util/Locale.java              (adjustLanguageCode)
//   frameworks/base/core/java/android/content/res/Resources.java    (getText, getString(id),
//       getString(id, Object...) = String.format(configuration locale 0, raw, args))
//   frameworks/base/core/java/android/content/res/AssetManager.java (getResourceText →
//       TypedValue.coerceToString)
//   frameworks/base/core/java/android/util/TypedValue.java          (coerceToString)
//   firebase-messaging/.../NotificationParams.java                  (getPossiblyLocalizedString,
//       getLocalizedString, getLocalizationArgsForKey)
//   firebase-messaging/.../CommonNotificationBuilder.java           (title, then body)
//   androidx core NotificationCompat.Builder.limitCharSequenceLength (5 * 1024 UTF-16 units)
//
// Prerequisites: openjdk-17-jdk-headless, libicu4j-java (android.icu's ULocale.addLikelySubtags is
// ICU4J's). Run with -Djava.locale.useOldISOCodes=true so that Locale.getLanguage() says
// "iw"/"in"/"ji" as Android's libcore does (toLanguageTag still says he/id/yi on both).
// java.util.Formatter is OpenJDK 17's, as in Android 14+ libcore (%S upper-cases with the format
// locale there).
//
// Usage: java AndroidOracle <res-oracle binary>. Line protocol on stdin/stdout; every text field
// is "~" for null or "x" followed by the UTF-8 bytes in hex; lists are fields joined by ",":
//   LOAD <package> <apk path>      → OK <locale>,... | ERR <why>   (<package>: the manifest's)
//   VERSION                        → VERSION <Java runtime version> <ICU4J version>
//   ID <name>                      → ID <decimal>     (the native name lookup alone)
//   RENDER <device tags> <app label> <title> <title_loc_key> <title_loc_args>
//          <body> <body_loc_key> <body_loc_args>
//                                  → RES <shown|crash> <exception|~> <title> <body> <config tag>
import com.ibm.icu.util.ULocale;
import com.ibm.icu.util.VersionInfo;
import java.io.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class AndroidOracle {
  // ---- the native process (libandroidfw) ----
  static BufferedReader nativeOut;
  static PrintStream nativeIn;

  static String ask(String line) throws IOException {
    nativeIn.print(line + "\n");
    nativeIn.flush();
    String answer = nativeOut.readLine();
    if (answer == null) throw new IOException("res-oracle died");
    return answer;
  }

  static final class NotFoundException extends RuntimeException {
    NotFoundException(String m) { super(m); }
  }

  // ---- LocaleList.java ----
  static final Locale LOCALE_EN_XA = new Locale("en", "XA");
  static final Locale LOCALE_AR_XB = new Locale("ar", "XB");
  static final int NUM_PSEUDO_LOCALES = 2;
  static final Locale EN_LATN = Locale.forLanguageTag("en-Latn");

  static boolean isPseudoLocale(String locale) {
    return "en-XA".equals(locale) || "ar-XB".equals(locale);
  }

  static boolean isPseudoLocale(Locale locale) {
    return LOCALE_EN_XA.equals(locale) || LOCALE_AR_XB.equals(locale);
  }

  static String getLikelyScript(Locale locale) {
    final String script = locale.getScript();
    if (!script.isEmpty()) return script;
    return ULocale.addLikelySubtags(ULocale.forLocale(locale)).getScript();
  }

  static int matchScore(Locale supported, Locale desired) {
    if (supported.equals(desired)) return 1;
    if (!supported.getLanguage().equals(desired.getLanguage())) return 0;
    if (isPseudoLocale(supported) || isPseudoLocale(desired)) return 0;
    final String supportedScr = getLikelyScript(supported);
    if (supportedScr.isEmpty()) {
      final String supportedRegion = supported.getCountry();
      return (supportedRegion.isEmpty() || supportedRegion.equals(desired.getCountry())) ? 1 : 0;
    }
    final String desiredScr = getLikelyScript(desired);
    return supportedScr.equals(desiredScr) ? 1 : 0;
  }

  static int findFirstMatchIndex(Locale[] list, Locale supportedLocale) {
    for (int idx = 0; idx < list.length; idx++) {
      if (matchScore(supportedLocale, list[idx]) > 0) return idx;
    }
    return Integer.MAX_VALUE;
  }

  static int computeFirstMatchIndex(Locale[] list, Collection<String> supportedLocales,
      boolean assumeEnglishIsSupported) {
    if (list.length == 1) return 0;
    if (list.length == 0) return -1;
    int bestIndex = Integer.MAX_VALUE;
    if (assumeEnglishIsSupported) {
      final int idx = findFirstMatchIndex(list, EN_LATN);
      if (idx == 0) return 0;
      else if (idx < bestIndex) bestIndex = idx;
    }
    for (String languageTag : supportedLocales) {
      final Locale supportedLocale = Locale.forLanguageTag(languageTag);
      final int idx = findFirstMatchIndex(list, supportedLocale);
      if (idx == 0) return 0;
      else if (idx < bestIndex) bestIndex = idx;
    }
    return bestIndex == Integer.MAX_VALUE ? 0 : bestIndex;
  }

  static boolean isPseudoLocalesOnly(String[] supportedLocales) {
    if (supportedLocales == null) return true;
    if (supportedLocales.length > NUM_PSEUDO_LOCALES + 1) return false;
    for (String locale : supportedLocales) {
      if (!locale.isEmpty() && !isPseudoLocale(locale)) return false;
    }
    return true;
  }

  /** LocaleList(Locale topLocale, LocaleList otherLocales). */
  static Locale[] withTop(Locale top, Locale[] others) {
    int topIndex = -1;
    for (int i = 0; i < others.length; i++) if (top.equals(others[i])) { topIndex = i; break; }
    List<Locale> out = new ArrayList<>();
    out.add(top);
    for (int i = 0; i < others.length; i++) if (i != topIndex) out.add(others[i]);
    return out.toArray(new Locale[0]);
  }

  // ---- libcore Locale.adjustLanguageCode + ResourcesImpl.adjustLanguageTag ----
  static String adjustLanguageCode(String languageCode) {
    String adjusted = languageCode.toLowerCase(Locale.US);
    if (languageCode.equals("he")) adjusted = "iw";
    else if (languageCode.equals("id")) adjusted = "in";
    else if (languageCode.equals("yi")) adjusted = "ji";
    return adjusted;
  }

  static String adjustLanguageTag(String languageTag) {
    final int separator = languageTag.indexOf('-');
    if (separator == -1) return adjustLanguageCode(languageTag);
    return adjustLanguageCode(languageTag.substring(0, separator)) + languageTag.substring(separator);
  }

  // ---- the app's Resources for one device ----
  static String[] nonSystemLocales = new String[0];

  static final class Res {
    Locale[] configLocales;  // mConfiguration.getLocales() after updateConfiguration
    String nativeTag;        // what AssetManager.setConfiguration was given

    Res(Locale[] deviceLocales) {
      Locale[] locales = deviceLocales;
      // ResourcesImpl.updateConfiguration: only with more than one locale.
      if (locales.length > 1) {
        String[] availableLocales = nonSystemLocales;
        if (isPseudoLocalesOnly(availableLocales)) {
          // "No app defined locales, so grab the system locales." ASSUMPTION: the system has
          // every locale, so the list's first locale matches (index 0) and nothing moves.
          availableLocales = null;
        }
        if (availableLocales != null) {
          int index = computeFirstMatchIndex(locales, Arrays.asList(availableLocales), true);
          Locale bestLocale = index == -1 ? null : locales[index];
          if (bestLocale != null && bestLocale != locales[0]) locales = withTop(bestLocale, locales);
        }
      }
      configLocales = locales;
      nativeTag = adjustLanguageTag(locales[0].toLanguageTag());
    }

    // ResourcesImpl.getIdentifier
    int getIdentifier(String name) throws IOException {
      if (name == null) throw new NullPointerException("name is null");
      try {
        return Integer.parseInt(name);
      } catch (Exception e) {
        // Ignore
      }
      return Integer.parseUnsignedInt(ask("ID " + name).substring(3));
    }

    // Resources.getText → AssetManager.getResourceText → TypedValue.coerceToString
    String getString(int id) throws IOException {
      String answer = ask("GET " + nativeTag + " " + Integer.toUnsignedString(id));
      String text = null;
      if (answer.startsWith("STR ")) {
        String hex = answer.substring(4);
        text = hex.equals("-") ? "" : new String(unhex(hex), StandardCharsets.UTF_8);
      } else if (answer.startsWith("VAL ")) {
        String[] p = answer.split(" ");
        text = coerceToString(Integer.parseInt(p[1]), (int) Long.parseLong(p[2]));
      }
      if (text == null) {
        throw new NotFoundException("String resource ID #0x" + Integer.toHexString(id));
      }
      return text;
    }

    String getString(int id, Object... formatArgs) throws IOException {
      final String raw = getString(id);
      return String.format(configLocales[0], raw, formatArgs);
    }
  }

  // ---- TypedValue.coerceToString ----
  static final String[] DIMENSION_UNIT_STRS = {"px", "dip", "sp", "pt", "in", "mm"};
  static final String[] FRACTION_UNIT_STRS = {"%", "%p"};
  // As TypedValue.java writes them: the mantissa's shift is applied apart, so that no
  // constant needs 1 << 31 (a negative int in Java).
  static final float MANTISSA_MULT = 1.0f / (1 << 8);
  static final float[] RADIX_MULTS = {1.0f * MANTISSA_MULT, 1.0f / (1 << 7) * MANTISSA_MULT,
      1.0f / (1 << 15) * MANTISSA_MULT, 1.0f / (1 << 23) * MANTISSA_MULT};

  static float complexToFloat(int complex) {
    return (complex & (0xffffff << 8)) * RADIX_MULTS[(complex >> 4) & 3];
  }

  static String coerceToString(int type, int data) {
    switch (type) {
      case 0x00: return null;                                   // TYPE_NULL
      case 0x01: return "@" + data;                             // TYPE_REFERENCE
      case 0x02: return "?" + data;                             // TYPE_ATTRIBUTE
      case 0x04: return Float.toString(Float.intBitsToFloat(data));
      case 0x05: return Float.toString(complexToFloat(data)) + DIMENSION_UNIT_STRS[data & 0xf];
      case 0x06: return Float.toString(complexToFloat(data) * 100) + FRACTION_UNIT_STRS[data & 0xf];
      case 0x11: return "0x" + Integer.toHexString(data);       // TYPE_INT_HEX
      case 0x12: return data != 0 ? "true" : "false";           // TYPE_INT_BOOLEAN
    }
    if (type >= 0x1c && type <= 0x1f) return "#" + Integer.toHexString(data);
    if (type >= 0x10 && type <= 0x1f) return Integer.toString(data);
    return null;
  }

  // ---- NotificationParams ----
  static final class Params {
    String title, titleKey, body, bodyKey;
    String[] titleArgs, bodyArgs;

    String getPossiblyLocalizedString(Res res, boolean isTitle) throws IOException {
      String unlocalized = isTitle ? title : body;
      if (!isEmpty(unlocalized)) return unlocalized;
      return getLocalizedString(res, isTitle);
    }

    String getLocalizedString(Res res, boolean isTitle) throws IOException {
      String resourceKey = isTitle ? titleKey : bodyKey;
      if (isEmpty(resourceKey)) return null;
      int id = res.getIdentifier(resourceKey);
      if (id == 0) return null;  // "resource not found ... Default value will be used."
      Object[] args = isTitle ? titleArgs : bodyArgs;
      if (args == null) return res.getString(id);
      try {
        return res.getString(id, args);
      } catch (MissingFormatArgumentException e) {
        // "Missing format argument ... Default value will be used."
      }
      return null;
    }
  }

  static boolean isEmpty(String s) { return s == null || s.isEmpty(); }

  // NotificationCompat.Builder.limitCharSequenceLength
  static final int MAX_CHARSEQUENCE_LENGTH = 5 * 1024;

  static String limit(String cs) {
    if (cs == null) return null;
    return cs.length() > MAX_CHARSEQUENCE_LENGTH ? cs.substring(0, MAX_CHARSEQUENCE_LENGTH) : cs;
  }

  // ---- protocol helpers ----
  static byte[] unhex(String hex) {
    byte[] out = new byte[hex.length() / 2];
    for (int i = 0; i < out.length; i++) {
      out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
    }
    return out;
  }

  static String field(String f) {
    if (f.equals("~")) return null;
    return new String(unhex(f.substring(1)), StandardCharsets.UTF_8);
  }

  static String[] list(String f) {
    if (f.equals("~")) return null;
    if (f.isEmpty()) return new String[0];
    String[] parts = f.split(",", -1);
    String[] out = new String[parts.length];
    for (int i = 0; i < parts.length; i++) out[i] = field(parts[i]);
    return out;
  }

  static String enc(String s) {
    if (s == null) return "~";
    StringBuilder sb = new StringBuilder("x");
    for (byte b : s.getBytes(StandardCharsets.UTF_8)) sb.append(String.format("%02x", b & 0xff));
    return sb.toString();
  }

  static String exceptionName(Throwable e) {
    if (e instanceof NotFoundException) return "Resources.NotFoundException";
    return e.getClass().getSimpleName();
  }

  public static void main(String[] argv) throws Exception {
    Process p = new ProcessBuilder(argv[0]).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    nativeIn = new PrintStream(p.getOutputStream(), false, "UTF-8");
    nativeOut = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, "UTF-8");
    String line;
    while ((line = in.readLine()) != null) {
      String[] f = line.split(" ", -1);
      String answer;
      try {
        switch (f[0]) {
          case "LOAD": {
            String ok = ask("LOAD " + line.substring(5));
            if (!ok.equals("OK")) { answer = ok; break; }
            String locales = ask("LOCALES");
            String rest = locales.length() > 8 ? locales.substring(8) : "";
            nonSystemLocales = rest.isEmpty() ? new String[0] : rest.split(" ");
            answer = "OK " + String.join(",", nonSystemLocales);
            break;
          }
          case "VERSION":
            answer = "VERSION " + System.getProperty("java.runtime.version") + " "
                + VersionInfo.ICU_VERSION.getMajor() + "." + VersionInfo.ICU_VERSION.getMinor();
            break;
          case "ID":
            answer = ask("ID " + field(f[1]));
            break;
          case "RENDER": {
            String[] tags = field(f[1]).split(",");
            Locale[] device = new Locale[tags.length];
            for (int i = 0; i < tags.length; i++) device[i] = Locale.forLanguageTag(tags[i]);
            String appLabel = field(f[2]);
            Params params = new Params();
            params.title = field(f[3]);
            params.titleKey = field(f[4]);
            params.titleArgs = list(f[5]);
            params.body = field(f[6]);
            params.bodyKey = field(f[7]);
            params.bodyArgs = list(f[8]);
            Res res = new Res(device);
            String outcome = "shown", exception = null, title = null, body = null;
            try {
              // CommonNotificationBuilder.createNotificationInfo: title first, then body.
              title = params.getPossiblyLocalizedString(res, true);
              body = params.getPossiblyLocalizedString(res, false);
              // An unset title shows the app's label (ASSUMPTION: the label is --app-name).
              title = isEmpty(title) ? appLabel : limit(title);
              body = isEmpty(body) ? null : limit(body);
            } catch (RuntimeException e) {
              outcome = "crash";
              exception = exceptionName(e);
              title = null;
              body = null;
            }
            answer = "RES " + outcome + " " + (exception == null ? "~" : exception) + " "
                + enc(title) + " " + enc(body) + " " + res.nativeTag;
            break;
          }
          default:
            answer = "ERR unknown command";
        }
      } catch (IOException e) {
        answer = "ERR " + e;
      }
      out.print(answer + "\n");
      out.flush();
    }
    p.destroy();
  }
}
