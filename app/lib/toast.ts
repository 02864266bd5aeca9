export type Toast = { title: string; description?: string; type: "success" | "error" | "info" };
