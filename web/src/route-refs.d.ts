declare module 'virtual:luxe-route-refs' {
  const refs: Record<string, Record<string, { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string }>>;
  export default refs;
}
