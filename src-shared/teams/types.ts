/** Teams as the UI shows them. */

export interface TeamMember {
  email: string | null;
  /** First and last name, when the service gives them. */
  name: string | null;
}

export interface TeamView {
  id: string;
  name: string;
  /** Null when the service sent no member list. */
  members: TeamMember[] | null;
}
