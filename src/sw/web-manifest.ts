/**
 * The web app manifest (docs/platform.md#the-installable-app "installable … described as a professional salon
 * management system, with categories business, productivity and finance. Theme colour is #667eea and
 * orientation is portrait-primary"; docs/platform.md#the-installable-app default widgets and shortcuts).
 * vite.config.ts hands it to vite-plugin-pwa, which writes dist/client/manifest.webmanifest and links it from
 * index.html; the worker reads the widget definitions.
 *
 * Icons are generated PNGs (scripts/generate-icons.ts → public/icons): 'any' at the sizes launchers ask for,
 * 'maskable' with the glyph inside the 80 % safe zone, a monochrome badge for the status bar, and one icon per
 * shortcut and widget.
 *
 * Widgets follow Windows' PWA widgets format (the only browser host today): `tag` names the widget to the
 * worker, `ms_ac_template` is an Adaptive Card in public/widgets, `data` is the JSON the worker keeps in the
 * widget-data-v1 cache (widgets.ts), `update` is the spec's update interval in seconds. `size` and `url` carry
 * the spec's widget fields (docs/platform.md#the-installable-app); hosts ignore members they do not know.
 *
 * Shortcut and widget urls are the spec's (docs/platform.md#the-installable-app "Home-screen widget and
 * shortcut targets").
 */
export const BRAND_COLOR = '#667eea';
export const APP_DESCRIPTION = 'professional salon management system';

/** The notification icon and badge of src/contracts/push.ts (held equal by web-manifest.test.ts). */
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-72.png';

export const ANY_ICON_SIZES = [72, 96, 128, 144, 152, 192, 384, 512] as const;
export const MASKABLE_ICON_SIZES = [192, 512] as const;
export const SMALL_ICON_SIZE = 96;
export const BADGE_SIZE = 72;

export interface ManifestIcon {
  src: string;
  sizes: string;
  type: 'image/png' | 'image/svg+xml';
  purpose?: 'any' | 'maskable' | 'monochrome';
}

function png(src: string, size: number, purpose?: ManifestIcon['purpose']): ManifestIcon {
  return { src, sizes: `${size}x${size}`, type: 'image/png', ...(purpose ? { purpose } : {}) };
}

export const iconPath = (size: number): string => `/icons/icon-${size}.png`;
export const maskablePath = (size: number): string => `/icons/maskable-${size}.png`;
export const shortcutIconPath = (id: string): string => `/icons/shortcut-${id}.png`;
export const widgetIconPath = (id: string): string => `/icons/widget-${id}.png`;
export const widgetTemplatePath = (id: string): string => `/widgets/${id}-template.json`;
/** Matched by routes.ts WIDGET_DATA_PATH and answered cache-only from widget-data-v1. */
export const widgetDataPath = (id: string): string => `/widgets/${id}-data.json`;

export type WidgetSize = 'small' | 'medium' | 'large';

/** docs/platform.md#the-installable-app "Widget: id, name, description, icon, size (small, medium, large), url, updateInterval in seconds". */
export interface WidgetDefinition {
  id: string;
  name: string;
  description: string;
  size: WidgetSize;
  url: string;
  updateInterval: number;
}

/** docs/platform.md#the-installable-app "Default widgets: dashboard (medium, 15 s), sales (small, 5 s), appointments (medium, 10 s), notifications (small, 1 s)". */
export const DEFAULT_WIDGETS: readonly WidgetDefinition[] = [
  {
    id: 'dashboard',
    name: 'Dashboard',
    description: 'Sync status and what is waiting to be sent',
    size: 'medium',
    url: '/dashboard',
    updateInterval: 15,
  },
  {
    id: 'sales',
    name: 'Sales',
    description: 'Sales taken offline and waiting to sync',
    size: 'small',
    url: '/sales',
    updateInterval: 5,
  },
  {
    id: 'appointments',
    name: 'Appointments',
    description: "Open today's appointments",
    size: 'medium',
    url: '/appointments',
    updateInterval: 10,
  },
  {
    id: 'notifications',
    name: 'Notifications',
    description: 'The latest notifications',
    size: 'small',
    url: '/notifications',
    updateInterval: 1,
  },
];

export interface ShortcutDefinition {
  id: string;
  name: string;
  short_name: string;
  description: string;
  url: string;
}

/** docs/platform.md#the-installable-app "Default shortcuts: New Sale, New Appointment, Quick Reports, Customer Search"; docs/platform.md#the-installable-app their targets. */
export const DEFAULT_SHORTCUTS: readonly ShortcutDefinition[] = [
  {
    id: 'new-sale',
    name: 'New Sale',
    short_name: 'Sale',
    description: 'Start a new sale',
    url: '/pos/new-sale',
  },
  {
    id: 'new-appointment',
    name: 'New Appointment',
    short_name: 'Appointment',
    description: 'Book a new appointment',
    url: '/appointments/new',
  },
  {
    id: 'reports',
    name: 'Quick Reports',
    short_name: 'Reports',
    description: "Open today's reports",
    url: '/reports',
  },
  {
    id: 'customer-search',
    name: 'Customer Search',
    short_name: 'Customers',
    description: 'Find a customer',
    url: '/customers/search',
  },
];

export interface ManifestWidget {
  name: string;
  short_name: string;
  description: string;
  tag: string;
  template: string;
  ms_ac_template: string;
  data: string;
  type: 'application/json';
  icons: ManifestIcon[];
  auth: boolean;
  update: number;
  size: WidgetSize;
  url: string;
}

export interface WebManifest {
  id: string;
  name: string;
  short_name: string;
  description: string;
  lang: string;
  dir: 'ltr';
  start_url: string;
  scope: string;
  display: 'standalone';
  orientation: 'portrait-primary';
  theme_color: string;
  background_color: string;
  categories: string[];
  icons: ManifestIcon[];
  shortcuts: { name: string; short_name: string; description: string; url: string; icons: ManifestIcon[] }[];
  widgets: ManifestWidget[];
}

export const webManifest: WebManifest = {
  id: '/',
  name: 'Salon POS',
  short_name: 'Salon POS',
  description: APP_DESCRIPTION,
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'portrait-primary',
  theme_color: BRAND_COLOR,
  background_color: BRAND_COLOR,
  categories: ['business', 'productivity', 'finance'],
  icons: [
    ...ANY_ICON_SIZES.map((size) => png(iconPath(size), size, 'any')),
    ...MASKABLE_ICON_SIZES.map((size) => png(maskablePath(size), size, 'maskable')),
    png(NOTIFICATION_BADGE, BADGE_SIZE, 'monochrome'),
  ],
  shortcuts: DEFAULT_SHORTCUTS.map(({ name, short_name, description, url, id }) => ({
    name,
    short_name,
    description,
    url,
    icons: [png(shortcutIconPath(id), SMALL_ICON_SIZE)],
  })),
  widgets: DEFAULT_WIDGETS.map((widget) => ({
    name: widget.name,
    short_name: widget.name,
    description: widget.description,
    tag: widget.id,
    template: widget.id,
    ms_ac_template: widgetTemplatePath(widget.id),
    data: widgetDataPath(widget.id),
    type: 'application/json',
    icons: [png(widgetIconPath(widget.id), SMALL_ICON_SIZE)],
    auth: false,
    update: widget.updateInterval,
    size: widget.size,
    url: widget.url,
  })),
};
