/** The product mark: a shield with a check, drawn inline so it needs no asset request. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-label="巡检管理平台标志">
      <rect width="32" height="32" rx="7" fill="#1677ff" />
      <path d="M16 5l9 3.5v6.8c0 5.6-3.8 10-9 11.7-5.2-1.7-9-6.1-9-11.7V8.5z" fill="#fff" />
      <path
        d="M11.5 16l3.2 3.2 6-6.2"
        fill="none"
        stroke="#1677ff"
        strokeWidth="2.4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
