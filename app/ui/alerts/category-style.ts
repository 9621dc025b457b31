import type { AlertCategory } from '../../domain/alerts'

/** Colours of a category: a tinted panel with dark text, and the icon colour. */
export const CATEGORY_STYLE: Record<AlertCategory, { panel: string; icon: string }> = {
  CRITICAL: { panel: 'border-red-700 bg-red-50 text-red-950', icon: 'text-red-700' },
  WARNING: { panel: 'border-amber-600 bg-amber-50 text-amber-950', icon: 'text-amber-700' },
  INFO: { panel: 'border-brand-700 bg-brand-50 text-brand-900', icon: 'text-brand-700' },
  OK: { panel: 'border-green-700 bg-green-50 text-green-950', icon: 'text-green-700' },
}

/** The name an icon announces: the category as the data names it. */
export const CATEGORY_ICON_LABEL: Record<AlertCategory, string> = {
  CRITICAL: 'Critical',
  WARNING: 'Warning',
  INFO: 'Info',
  OK: 'OK',
}
