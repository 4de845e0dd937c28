/** A personal field sealed with its subject's data key (`v1:<iv>:<ct>:<tag>`); opaque here. */
export type SealedField = string;
