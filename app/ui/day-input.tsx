/**
 * A field for a day: a text field that takes 'yyyy-mm-dd' (the format its hint
 * gives, DAY_INPUT_FORMAT), so what the user reads and types is the portal's one
 * day format rather than the browser's locale, as a native date picker would show
 * it. The server checks the text; nothing here refuses a keystroke.
 */
import type { InputHTMLAttributes } from 'react'

export function DayInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  return <input type="text" inputMode="numeric" autoComplete="off" spellCheck={false} maxLength={10} {...props} />
}
