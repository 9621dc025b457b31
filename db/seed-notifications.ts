import type { DemoStep } from './seed'

/** Demo data: service alerts. */
export function notificationsStep(): DemoStep {
  return {
    name: 'service alerts',
    run: () => {},
  }
}
