/**
 * The few extension APIs the extension calls (Chromium's `chrome.*`, which Firefox provides too),
 * typed here rather than through a dependency: every call the code makes must be listed, so this
 * file is also the list of what the extension touches.
 */
declare namespace chrome {
  namespace storage {
    interface Area {
      get(keys: string | readonly string[] | null): Promise<Record<string, unknown>>;
      set(items: Record<string, unknown>): Promise<void>;
    }
    const local: Area;
    const onChanged: { addListener(callback: (changes: Record<string, unknown>, area: string) => void): void };
  }
  namespace tabs {
    interface Tab {
      readonly id?: number;
      readonly url?: string;
      readonly active: boolean;
    }
    function get(tabId: number): Promise<Tab>;
    function query(query: { active?: boolean; currentWindow?: boolean }): Promise<Tab[]>;
    function create(properties: { url: string }): Promise<Tab>;
    const onUpdated: { addListener(callback: (tabId: number, change: { url?: string; status?: string }, tab: Tab) => void): void };
    const onActivated: { addListener(callback: (info: { tabId: number }) => void): void };
  }
  namespace action {
    function setBadgeText(details: { tabId?: number; text: string }): Promise<void>;
    function getBadgeText(details: { tabId?: number }): Promise<string>;
    function setBadgeBackgroundColor(details: { color: string }): Promise<void>;
    function setTitle(details: { tabId?: number; title: string }): Promise<void>;
  }
  namespace runtime {
    function getManifest(): { readonly homepage_url?: string; readonly version: string };
    const onInstalled: { addListener(callback: () => void): void };
  }
}
