/**
 * The few icons the shell needs, as inline SVG in currentColor (no icon library in the bundle). Decorative:
 * the button around each carries the accessible name.
 */
import { chakra } from '@chakra-ui/react';
import type { HTMLChakraProps } from '@chakra-ui/react';

type IconProps = HTMLChakraProps<'svg'>;

function SvgIcon({ children, ...props }: IconProps) {
  return (
    <chakra.svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      display="inline-block"
      flexShrink="0"
      boxSize="5"
      {...props}
    >
      {children}
    </chakra.svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path fill="currentColor" d="M3 6h18v2H3zm0 5h18v2H3zm0 5h18v2H3z" />
    </SvgIcon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path fill="currentColor" d="M7.4 8.6 12 13.2l4.6-4.6L18 10l-6 6-6-6z" />
    </SvgIcon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <SvgIcon {...props}>
      <path
        fill="currentColor"
        d="M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5z"
      />
    </SvgIcon>
  );
}
