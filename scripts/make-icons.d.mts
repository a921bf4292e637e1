/** Sizes written to resources/icons/. */
export declare const PNG_SIZES: number[]
/** Sizes in the Windows .ico. */
export declare const ICO_SIZES: number[]
/** Sizes in the macOS .icns. */
export declare const ICNS_SIZES: number[]
/** Renders the icon as a square PNG `size` pixels wide, from the drawing meant for that size. */
export declare function renderIconPng(size: number): Promise<Buffer>
