/** The plugin-kernel API version plugins declare a range against (`manifest.kernel`). */
export const KERNEL_VERSION = '1.2.0';
