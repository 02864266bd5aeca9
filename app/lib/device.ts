// What a person sees for one of their devices (a signed-in session, a device that gets notifications): "Chrome on
// Android", in their language, from the browser's user agent. Read when shown, never stored as words.
import { m } from "~/paraglide/messages";

/** "Chrome on Android"; "Unknown device" when the browser said nothing. */
export function describeDevice(ua: string | null) {
  if (!ua) return m.account_device_unknown();
  const browser = /Edg\//.test(ua)
    ? "Edge"
    : /Chrome\//.test(ua)
      ? "Chrome"
      : /Firefox\//.test(ua)
        ? "Firefox"
        : /Safari\//.test(ua)
          ? "Safari"
          : m.account_device_browser();
  const os = /Android/.test(ua)
    ? "Android"
    : /iPhone|iPad/.test(ua)
      ? "iOS"
      : /Windows/.test(ua)
        ? "Windows"
        : /Mac OS X/.test(ua)
          ? "macOS"
          : /Linux/.test(ua)
            ? "Linux"
            : "";
  return os ? m.account_device_on({ browser, os }) : browser;
}
