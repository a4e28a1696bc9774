/**
 * A click the browser should handle as it does on any link (a new tab or window, a download),
 * never one that pages the grid in place. Shared by the bootstrap and the grid, so a control
 * behaves the same before and after React has it. Works on DOM and React mouse events alike.
 */
export const isModifiedClick = (event: Pick<MouseEvent, 'button' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>) =>
  event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey;
