{{/* Names ---------------------------------------------------------------------------------- */}}
{{- define "luxe.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "luxe.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 40 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 40 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The deployables, in a fixed order: the gateway (it also serves the web client) and the services. */}}
{{- define "luxe.services" -}}identity venues bookings social messaging payments admin notifications{{- end -}}
{{- define "luxe.deployables" -}}gateway {{ include "luxe.services" . }}{{- end -}}

{{/* Labels ---------------------------------------------------------------------------------- */}}
{{- define "luxe.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "luxe.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{- define "luxe.labels" -}}
{{- $root := index . 0 -}}
{{ include "luxe.selectorLabels" . }}
app.kubernetes.io/part-of: luxeswipe
app.kubernetes.io/version: {{ $root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Every pod of the release (for the default-deny policy). */}}
{{- define "luxe.instanceSelector" -}}
app.kubernetes.io/name: {{ include "luxe.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/* Labels naming the infrastructure a pod may reach: the dev infrastructure admits these pods only. */}}
{{- define "luxe.clientLabels" -}}
{{- range $k := . }}
luxe.dev/client-{{ $k }}: "true"
{{- end }}
{{- end -}}

{{/* Values ---------------------------------------------------------------------------------- */}}
{{/* One deployable's settings: .Values.defaults overridden by .Values.components.<name>. */}}
{{- define "luxe.component" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $own := index $root.Values.components $name | default dict -}}
{{- toYaml (mergeOverwrite (deepCopy $root.Values.defaults) (deepCopy $own)) -}}
{{- end -}}

{{/* What infrastructure a deployable reaches, as a list: postgres kafka redis s3 stripe smtp. */}}
{{- define "luxe.uses" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $c := include "luxe.component" . | fromYaml -}}
{{- $uses := list -}}
{{- if eq $name "gateway" -}}
{{- $uses = list "redis" "kafka" -}}
{{- else -}}
{{- $uses = list "postgres" "kafka" -}}
{{- if $c.redis }}{{ $uses = append $uses "redis" }}{{ end -}}
{{- if $c.storage }}{{ $uses = append $uses "s3" }}{{ end -}}
{{- if $c.stripe }}{{ $uses = append $uses "stripe" }}{{ end -}}
{{- if $c.smtp }}{{ $uses = append $uses "smtp" }}{{ end -}}
{{- end -}}
{{- toJson $uses -}}
{{- end -}}

{{- /* (list $root $override $deployable): <image.repository>/<deployable>:<tag> (infra/docker/Dockerfile
  builds one image per deployable: gateway, each service, and jobs for the hooks), unless overridden. */}}
{{- define "luxe.image" -}}
{{- $root := index . 0 -}}
{{- $override := index . 1 | default dict -}}
{{- $repo := $override.repository | default (printf "%s/%s" $root.Values.image.repository (index . 2)) -}}
{{- $tag := $override.tag | default $root.Values.image.tag | default $root.Chart.AppVersion -}}
{{- printf "%s:%s" $repo (toString $tag) -}}
{{- end -}}

{{- define "luxe.secretName" -}}
{{- if .Values.secrets.create -}}
{{- printf "%s-secrets" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "secrets.existingSecret: name the Secret holding the credentials (see values.yaml), or set secrets.create=true (dev)" .Values.secrets.existingSecret -}}
{{- end -}}
{{- end -}}

{{- define "luxe.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "luxe.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{/* Infrastructure addresses: the in-cluster dev stand-ins when enabled, else the external values. */}}
{{- define "luxe.kafkaBrokers" -}}
{{- if .Values.devInfra.enabled -}}
{{- printf "%s-kafka:9092" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "kafka.brokers is required (host:port list of the managed Kafka)" .Values.kafka.brokers -}}
{{- end -}}
{{- end -}}

{{- define "luxe.s3Endpoint" -}}
{{- if .Values.devInfra.enabled -}}
{{- printf "http://%s-minio:9000" (include "luxe.fullname" .) -}}
{{- else -}}
{{- required "s3.endpoint is required (URL of the S3-compatible storage)" .Values.s3.endpoint -}}
{{- end -}}
{{- end -}}

{{- define "luxe.stripeApiBase" -}}
{{- if and .Values.devInfra.enabled .Values.devInfra.stripeMock.enabled -}}
{{- printf "http://%s-stripe-mock:12111" (include "luxe.fullname" .) -}}
{{- else -}}
{{- .Values.stripe.apiBase -}}
{{- end -}}
{{- end -}}

{{/* The origin browsers upload photos to (gateway CSP), from the public (or only) S3 endpoint. */}}
{{- define "luxe.storagePublicOrigin" -}}
{{- $u := .Values.s3.publicEndpoint -}}
{{- if and (not $u) (not .Values.devInfra.enabled) -}}{{- $u = .Values.s3.endpoint -}}{{- end -}}
{{- if $u -}}
{{- $p := urlParse $u -}}
{{- printf "%s://%s" $p.scheme $p.host -}}
{{- end -}}
{{- end -}}

{{/* env entries reading one key of the Secret. */}}
{{- define "luxe.secretEnv" -}}
{{- $root := index . 0 -}}
{{- $var := index . 1 -}}
{{- $key := index . 2 -}}
{{- $optional := index . 3 -}}
- name: {{ $var }}
  valueFrom:
    secretKeyRef:
      name: {{ include "luxe.secretName" $root }}
      key: {{ $key }}
      {{- if $optional }}
      optional: true
      {{- end }}
{{- end -}}

{{- define "luxe.podSecurity" -}}
securityContext:
  {{- toYaml .Values.podSecurityContext | nindent 2 }}
{{- end -}}

{{/* Hook annotations of the migration and topic Jobs. */}}
{{- define "luxe.hookAnnotations" -}}
{{- $root := index . 0 -}}
helm.sh/hook: {{ $root.Values.hooks.phases | quote }}
helm.sh/hook-weight: {{ index . 1 | quote }}
helm.sh/hook-delete-policy: before-hook-creation,hook-succeeded
{{- end -}}

{{/* Refuses a partition count below the most pods any deployable may run: each is a consumer of its
  group, and a group reads with one pod per partition at most (the rest would sit idle). */}}
{{- define "luxe.checkPartitions" -}}
{{- $root := . -}}
{{- $most := 0 -}}
{{- $who := "" -}}
{{- range $name := splitList " " (include "luxe.deployables" $root) -}}
{{- $c := include "luxe.component" (list $root $name) | fromYaml -}}
{{- $n := int (ternary $c.autoscaling.maxReplicas $c.replicas $c.autoscaling.enabled) -}}
{{- if gt $n $most }}{{ $most = $n }}{{ $who = $name }}{{ end -}}
{{- end -}}
{{- if lt (int $root.Values.kafka.partitions) $most -}}
{{- fail (printf "kafka.partitions (%d) is fewer than the %d pods %s may run (autoscaling.maxReplicas, or replicas): a consumer group reads with one pod per partition, the rest would sit idle. Set kafka.partitions to at least %d" (int $root.Values.kafka.partitions) $most $who $most) -}}
{{- end -}}
{{- end -}}

{{/* topologySpreadConstraints of one deployable's pods: one per topology key (zone, node). */}}
{{- define "luxe.topologySpread" -}}
{{- $root := index . 0 -}}
{{- $name := index . 1 -}}
{{- $t := index . 2 -}}
{{- if $t.enabled }}
topologySpreadConstraints:
  {{- range $key := $t.topologyKeys }}
  - maxSkew: {{ $t.maxSkew }}
    topologyKey: {{ $key }}
    whenUnsatisfiable: {{ $t.whenUnsatisfiable }}
    labelSelector:
      matchLabels:
        {{- include "luxe.selectorLabels" (list $root $name) | nindent 8 }}
    # per ReplicaSet: during a rolling update the new pods spread among themselves
    matchLabelKeys: [pod-template-hash]
  {{- end }}
{{- end }}
{{- end -}}

{{/* Pod annotations that change when what the pods read changes, so `helm upgrade` rolls them:
  the ConfigMaps, the Secret the chart renders (secrets.create), and secrets.revision for an
  existing Secret the chart cannot read. */}}
{{- define "luxe.rolloutAnnotations" -}}
checksum/config: {{ include (print .Template.BasePath "/configmap.yaml") . | sha256sum }}
{{- if .Values.secrets.create }}
checksum/secret: {{ include "luxe.generatedSecretData" . | sha256sum }}
{{- end }}
{{- with .Values.secrets.revision }}
luxe.dev/secrets-revision: {{ . | toString | quote }}
{{- end }}
{{- end -}}

{{/* The data of the Secret the chart renders (secrets.create): generated once per render and kept in
  .Values, so that the Secret and the pods' checksum/secret annotation (luxe.rolloutAnnotations) see the
  same values; read back from the existing Secret on upgrade (lookup), so unchanged, it hashes the same.
  A dict of trimmed strings, as JSON. */}}
{{- define "luxe.generatedSecretData" -}}
{{- if not (hasKey .Values "__luxeGeneratedSecret") -}}
{{- $fullname := include "luxe.fullname" . }}
{{- $name := include "luxe.secretName" . }}
{{- $old := (lookup "v1" "Secret" .Release.Namespace $name).data | default dict }}
{{- $gen := dict }}
{{- range $k := list "POSTGRES_PASSWORD" "S3_SECRET_KEY" "ADMIN_TOKEN_SECRET" "PASS_SIGNING_SECRET" }}
{{- $_ := set $gen $k (index $old $k | default "" | b64dec | default (randAlphaNum 40)) }}
{{- end }}
{{- $_ := set $gen "S3_ACCESS_KEY" (index $old "S3_ACCESS_KEY" | default "" | b64dec | default (printf "luxe%s" (randAlphaNum 12 | lower))) }}
{{- range $svc := splitList " " (include "luxe.services" .) }}
{{- $k := printf "LUXE_DB_PW_%s" (upper $svc) }}
{{- $_ := set $gen $k (index $old $k | default "" | b64dec | default (randAlphaNum 32)) }}
{{- $_ := set $gen (printf "DATABASE_URL_%s" (upper $svc)) (printf "postgres://svc_%s:%s@%s-postgres:5432/luxe_%s" $svc (index $gen $k) $fullname $svc) }}
{{- end }}
{{- if and .Values.devInfra.enabled .Values.devInfra.stripeMock.enabled }}
{{- /* stripe-mock accepts any test key; the webhook secret signs the test events you send */}}
{{- $_ := set $gen "STRIPE_SECRET_KEY" (index $old "STRIPE_SECRET_KEY" | default "" | b64dec | default (printf "sk_test_%s" (randAlphaNum 24))) }}
{{- $_ := set $gen "STRIPE_PUBLISHABLE_KEY" (index $old "STRIPE_PUBLISHABLE_KEY" | default "" | b64dec | default (printf "pk_test_%s" (randAlphaNum 24))) }}
{{- $_ := set $gen "STRIPE_WEBHOOK_SECRET" (index $old "STRIPE_WEBHOOK_SECRET" | default "" | b64dec | default (printf "whsec_%s" (randAlphaNum 32))) }}
{{- end }}
{{- if and .Values.devInfra.enabled .Values.devInfra.mailpit.enabled }}
{{- /* the in-cluster Mailpit: every email of the dev release lands in its mailbox */}}
{{- $_ := set $gen "SMTP_URL" (printf "smtp://%s-mailpit:1025" $fullname) }}
{{- end }}
{{- $_ := set $gen "REDIS_URL" (printf "redis://%s-redis:6379" $fullname) }}
{{- $_ := set $gen "INTERNAL_AUTH_PRIVATE_KEY" (required "secrets.internalAuth.privateKey is required with secrets.create (npm run keys:internal; pass it with --set-file)" .Values.secrets.internalAuth.privateKey) }}
{{- $_ := set $gen "INTERNAL_AUTH_PUBLIC_KEY" (required "secrets.internalAuth.publicKey is required with secrets.create (npm run keys:internal; pass it with --set-file)" .Values.secrets.internalAuth.publicKey) }}
{{- $data := dict }}
{{- range $k, $v := $gen }}{{ $_ := set $data $k (trim $v) }}{{ end }}
{{- $_ := set .Values "__luxeGeneratedSecret" $data }}
{{- end -}}
{{- toJson (get .Values "__luxeGeneratedSecret") -}}
{{- end -}}
