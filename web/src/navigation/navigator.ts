/**
 * Lets non-React code (stores) navigate. The router registers itself at start-up; before that,
 * and in unit tests, navigation is a no-op.
 */
type Navigate = (to: string) => void;

let current: Navigate = () => {};

export function setNavigator(navigate: Navigate): void {
  current = navigate;
}

export function navigateTo(to: string): void {
  current(to);
}
