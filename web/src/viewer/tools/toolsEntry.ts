/** The tools' lazily loaded chunk (LazyTools.tsx): the 3D part and the page part. */
export { ToolsScene } from './ToolsScene';
export { ToolsUi } from './ToolsUi';
export { applyToolState, captureCurrentToolState } from './toolStore';
export { restoreToolState } from './toolState';
