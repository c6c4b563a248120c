/**
 * The attribute that marks a project's files view as a place to drop files for upload, holding that
 * project's id. The preload reads it from the element a real drop landed on, at the moment of the
 * drop, to register the dropped files with main for that project (src-preload/trusted-drops.ts).
 */
export const DROP_PROJECT_ATTRIBUTE = 'data-drop-project';
