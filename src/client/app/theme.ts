/**
 * The app's Chakra UI v3 system, built from the brand colour #667eea (docs/platform.md#the-installable-app
 * "Theme colour is #667eea").
 *
 * WHY defaultBaseConfig and a hand-picked recipe list instead of defaultConfig: defaultConfig carries every
 * recipe Chakra ships (~60), and the whole system object is in the JS of every route, /pos/sales included
 * (target: ≤ 150 KB gzipped). A component whose recipe is missing here renders unstyled rather than
 * failing, so a screen that starts using a new Chakra component adds its recipe to the lists below.
 *
 * Contrast (Lighthouse accessibility 100 is a target): white text on #667eea is 3.7:1, below WCAG AA for body
 * text (4.5:1), so filled buttons use brand.600 (5.1:1) and brand text brand.700 (6.6:1); #667eea itself stays
 * the accent and the focus ring. The status text colours are darkened for the same reason (below).
 */
import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  nativeSelectSlotRecipe,
  semanticTokens,
  separatorRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** Shades around #667eea (500), lighter to darker; 600 and 700 are the accessible text and fill shades. */
export const BRAND_PALETTE = {
  50: '#f0f2fd',
  100: '#e3e7fb',
  200: '#cbd2f8',
  300: '#a9b4f3',
  400: '#8591ee',
  500: '#667eea',
  600: '#5062dd',
  700: '#4150c4',
  800: '#36429e',
  900: '#303b7d',
  950: '#1e2449',
} as const;

const brandTokens = Object.fromEntries(
  Object.entries(BRAND_PALETTE).map(([shade, value]) => [shade, { value }]),
);

const config = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss: {
    ...globalCss,
    html: { ...globalCss.html, colorPalette: 'brand' },
  },
  theme: {
    breakpoints,
    keyframes,
    textStyles,
    layerStyles,
    animationStyles,
    tokens: {
      ...tokens,
      colors: { ...tokens.colors, brand: brandTokens },
    },
    semanticTokens: {
      ...semanticTokens,
      colors: {
        ...semanticTokens.colors,
        // Chakra's light fg.error, fg.success and fg.warning (red, green and orange 500/600) are 3.3 to 4.5:1
        // on white and on their tinted alert backgrounds: below WCAG AA for the small text of field errors.
        fg: {
          ...semanticTokens.colors.fg,
          error: { value: { _light: '{colors.red.700}', _dark: '{colors.red.400}' } },
          success: { value: { _light: '{colors.green.700}', _dark: '{colors.green.300}' } },
          warning: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.300}' } },
        },
        // White on green.600 or orange.600 (success and warning toasts, solid badges) is 3.3 and 3.6:1.
        green: {
          ...semanticTokens.colors.green,
          solid: { value: { _light: '{colors.green.700}', _dark: '{colors.green.600}' } },
        },
        orange: {
          ...semanticTokens.colors.orange,
          solid: { value: { _light: '{colors.orange.700}', _dark: '{colors.orange.600}' } },
        },
        brand: {
          solid: { value: { _light: '{colors.brand.600}', _dark: '{colors.brand.500}' } },
          contrast: { value: { _light: '{colors.white}', _dark: '{colors.white}' } },
          fg: { value: { _light: '{colors.brand.700}', _dark: '{colors.brand.300}' } },
          muted: { value: { _light: '{colors.brand.200}', _dark: '{colors.brand.800}' } },
          subtle: { value: { _light: '{colors.brand.100}', _dark: '{colors.brand.900}' } },
          emphasized: { value: { _light: '{colors.brand.300}', _dark: '{colors.brand.700}' } },
          focusRing: { value: { _light: '{colors.brand.500}', _dark: '{colors.brand.500}' } },
        },
      },
    },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      list: listSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(defaultBaseConfig, config);
